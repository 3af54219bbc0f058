import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root: the nearest folder above this file whose package.json is this project's. */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'cluster-chat') {
      return dir;
    }
    if (path.dirname(dir) === dir) {
      throw new Error(`No cluster-chat package.json above ${start}`);
    }
  }
}

export const repoRoot = findRepoRoot(__dirname);
export const cacheRoot = path.join(repoRoot, '.vscode-test');
export const resultsRoot = path.join(repoRoot, 'test-results');
/** A second extension the integration tests install beside ours, to use our API as others would. */
export const apiConsumerFixture = path.join(repoRoot, 'test', 'fixtures', 'api-consumer');
