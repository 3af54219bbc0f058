import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root: the nearest folder above this file whose package.json is this project's. */
function repoRoot(): string {
  for (let dir = __dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'cluster-chat') {
      return dir;
    }
  }
  throw new Error('no cluster-chat package.json above the tests');
}

/** The rules ESLint reports for `file` (a real source file) with `added` appended to its text. */
async function rulesBrokenBy(file: string, added: string): Promise<string[]> {
  const { ESLint } = await import('eslint');
  const root = repoRoot();
  const eslint = new ESLint({ cwd: root });
  const filePath = path.join(root, file);
  const [result] = await eslint.lintText(`${fs.readFileSync(filePath, 'utf8')}\n${added}\n`, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const importing = (specifier: string): string => `import * as imported from '${specifier}';\nexport const leak = imported;`;

async function importBreaksRule(file: string, specifier: string): Promise<boolean> {
  return (await rulesBrokenBy(file, importing(specifier))).includes('no-restricted-imports');
}

describe('the layers, as lint rules by folder name at any depth', function () {
  // Type-aware linting builds a TypeScript program for the file first.
  this.timeout(120_000);

  const common = ['src/chat/common/contextMeter.ts', 'src/client/common/errors/errorBody.ts'];
  const browser = ['src/markdown/browser/sanitize.ts', 'src/chat/browser/virtualList/heightIndex.ts'];
  const node = ['src/client/node/clusterClient.ts', 'src/client/node/http/readBody.ts'];

  it('common/ and browser/ may not import vscode, a Node built-in or undici', async () => {
    for (const file of [...common, ...browser]) {
      for (const specifier of ['vscode', 'node:fs', 'fs', 'undici']) {
        assert.ok(await importBreaksRule(file, specifier), `${file} → ${specifier}`);
      }
    }
  });

  it('node/ may not import vscode', async () => {
    for (const file of node) {
      assert.ok(await importBreaksRule(file, 'vscode'), file);
    }
  });

  it('common/ and node/ may not use the DOM; common/ and browser/ may not use Node globals', async () => {
    for (const file of [...common, ...node]) {
      assert.ok((await rulesBrokenBy(file, 'export const title = document.title;')).includes('no-restricted-globals'), file);
    }
    for (const file of [...common, ...browser]) {
      assert.ok((await rulesBrokenBy(file, "export const bytes = Buffer.from('x');")).includes('no-restricted-globals'), file);
    }
  });

  it('each layer reaches only the layers it may, by the folder a relative import names', async () => {
    assert.ok(await importBreaksRule('src/chat/common/contextMeter.ts', '../node/pendingAttachments'), 'common → node');
    assert.ok(await importBreaksRule('src/chat/common/contextMeter.ts', '../../requests/vscode/requestPipeline'), 'common → vscode');
    assert.ok(await importBreaksRule('src/client/node/clusterClient.ts', '../../chat/vscode/chatController'), 'node → vscode');
    assert.ok(await importBreaksRule('src/chat/browser/chatView.ts', '../../requests/vscode/requestPipeline'), 'browser → vscode');
    assert.ok(
      await importBreaksRule('src/chat/browser/virtualList/heightIndex.ts', '../../../client/node/clusterClient'),
      'browser → node',
    );
    assert.ok(await importBreaksRule('src/chat/vscode/chatController.ts', '../browser/chatView'), 'vscode → browser');
    assert.ok(!(await importBreaksRule('src/chat/browser/chatView.ts', '../common/chatProtocol')), 'browser → common');
    assert.ok(!(await importBreaksRule('src/chat/vscode/chatController.ts', '../../client/node/clusterClient')), 'vscode → node');
  });

  it('a file in a new sub-folder of browser/ may import its feature’s common/ and base/browser/', async () => {
    const folder = path.join(repoRoot(), 'src', 'chat', 'browser', 'lintRuleProbe');
    fs.mkdirSync(folder, { recursive: true });
    try {
      const file = path.join(folder, 'probe.ts');
      fs.writeFileSync(file, '');
      const rules = await rulesBrokenBy(
        path.relative(repoRoot(), file),
        [
          "import type { HostToChatMessage } from '../../common/chatProtocol';",
          "import { element } from '../../../base/browser/dom';",
          "export const probe = (message: HostToChatMessage): HTMLElement => element('div', 'probe', message.type);",
        ].join('\n'),
      );
      assert.deepEqual(rules, []);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('webview code validates through the schemas, never with zod directly', async () => {
    for (const file of browser) {
      assert.ok(await importBreaksRule(file, 'zod/mini'), file);
    }
  });

  it('only the client’s undici adapter imports undici', async () => {
    assert.ok(await importBreaksRule('src/client/node/clusterClient.ts', 'undici'), 'client/node');
    assert.ok(await importBreaksRule('src/requests/vscode/requestPipeline.ts', 'undici'), 'vscode/');
    assert.ok(await importBreaksRule('src/extension.ts', 'undici'), 'extension.ts');
    assert.ok(
      !(
        await rulesBrokenBy('src/client/node/http/undici.ts', "import type * as again from 'undici';\nexport type Again = typeof again;")
      ).includes('no-restricted-imports'),
    );
  });
});
