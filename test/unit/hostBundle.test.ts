import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { temporaryFolderPerTest } from './helpers/temporaryFolder';

const root = path.resolve(__dirname, '..', '..', '..');

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build script is plain CommonJS
const buildScript = require(path.join(root, 'esbuild.js')) as { buildTargets: (production: boolean) => esbuild.BuildOptions[] };

describe('the host bundle', () => {
  const folder = temporaryFolderPerTest('cluster-chat-host-bundle-');

  it('holds no markdown renderer: the host finds code blocks with its own scanner', async () => {
    const [host] = buildScript.buildTargets(true);
    const result = await esbuild.build({ ...host, outfile: path.join(folder(), 'extension.js'), write: false, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile?.inputs ?? {}).map((input) => input.split(path.sep).join('/'));
    assert.ok(
      inputs.some((input) => input.endsWith('src/markdown/common/codeBlocks.ts')),
      'the scanner is in the bundle',
    );
    const renderer = inputs.filter(
      (input) =>
        /node_modules\/(markdown-it|mdurl|linkify-it|uc\.micro|punycode|entities)\//.test(input) ||
        input.endsWith('src/markdown/common/markdown.ts'),
    );
    assert.deepEqual(renderer, [], 'markdown-it and its dependencies are for the webview bundle only');
  });
});
