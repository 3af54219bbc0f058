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

describe('the layers, as lint rules', function () {
  // Type-aware linting builds a TypeScript program for the file first.
  this.timeout(120_000);

  it('src/core and its sub-folders may not import vscode', async () => {
    for (const file of ['src/core/markdown.ts', 'src/core/chat/conversation.ts', 'src/core/client/http/readBody.ts']) {
      assert.ok(
        (await rulesBrokenBy(file, "import * as vscode from 'vscode';\nexport const leak = vscode;")).includes('no-restricted-imports'),
        file,
      );
    }
  });

  it('src/core may not use the DOM', async () => {
    assert.ok(
      (await rulesBrokenBy('src/core/chat/conversation.ts', 'export const title = document.title;')).includes('no-restricted-globals'),
    );
  });

  it('the webview, in any sub-folder, imports no Node module, vscode, undici or zod', async () => {
    for (const specifier of ['node:fs', 'fs', 'vscode', 'undici', 'zod/mini']) {
      const rules = await rulesBrokenBy(
        'src/webview/common/debounce.ts',
        `import * as imported from '${specifier}';\nexport const leak = imported;`,
      );
      assert.ok(rules.includes('no-restricted-imports'), specifier);
    }
  });

  it('the webview imports host code from no depth, and core only through its protocols and markdown', async () => {
    const importing = (specifier: string) => `import * as imported from '${specifier}';\nexport const leak = imported;`;
    const broken = async (file: string, specifier: string) =>
      (await rulesBrokenBy(file, importing(specifier))).includes('no-restricted-imports');
    assert.ok(await broken('src/webview/main.ts', '../service/requestPipeline'), 'main.ts → host');
    assert.ok(await broken('src/webview/chat/chatView.ts', '../../service/requestPipeline'), 'chat/ → host');
    assert.ok(await broken('src/webview/chat/chatView.ts', '../../core/client/clusterClient'), 'chat/ → core client');
    assert.ok(await broken('src/webview/reply/replyView.ts', '../../../package.json'), 'reply/ → outside src');
    assert.ok(!(await broken('src/webview/chat/chatView.ts', '../../core/protocol/chatProtocol')), 'chat/ → protocol is allowed');
    assert.ok(!(await broken('src/webview/reply/replyView.ts', '../common/dom')), 'reply/ → common is allowed');
  });

  it('only src/core/client/http imports undici', async () => {
    assert.ok(
      (await rulesBrokenBy('src/core/client/clusterClient.ts', "import * as undici from 'undici';\nexport const leak = undici;")).includes(
        'no-restricted-imports',
      ),
    );
    assert.ok(
      (await rulesBrokenBy('src/service/requestPipeline.ts', "import * as undici from 'undici';\nexport const leak = undici;")).includes(
        'no-restricted-imports',
      ),
    );
    assert.ok(
      !(
        await rulesBrokenBy(
          'src/core/client/http/dispatcher.ts',
          "import type * as undici from 'undici';\nexport type Leak = typeof undici;",
        )
      ).includes('no-restricted-imports'),
    );
  });
});
