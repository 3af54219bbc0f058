import * as assert from 'node:assert/strict';
import { matchingPaths, pathScore } from '../../../../src/mentions/common/fuzzyPaths';

const PATHS = ['src/app.ts', 'src/api/client.ts', 'test/app.test.ts', 'README.md', 'src/components/AppHeader.tsx', 'docs/apple.md'];

describe('fuzzyPaths: workspace paths matched as Quick Open does', () => {
  it('matches the characters in order anywhere, case aside, and nothing else', () => {
    assert.notEqual(pathScore('sapp', 'src/app.ts'), undefined);
    assert.notEqual(pathScore('readme', 'README.md'), undefined);
    assert.equal(pathScore('ppa', 'src/app.ts'), undefined);
    assert.equal(pathScore('z', 'src/app.ts'), undefined);
  });

  it('ranks a match in the file name, at word starts and in a run above one spread over folders', () => {
    assert.deepEqual(matchingPaths(PATHS, 'app').slice(0, 3), ['src/app.ts', 'test/app.test.ts', 'docs/apple.md']);
    assert.equal(matchingPaths(PATHS, 'apphead')[0], 'src/components/AppHeader.tsx');
    assert.deepEqual(matchingPaths(PATHS, 'srcapi'), ['src/api/client.ts']);
  });

  it('lists everything for an empty query, shortest first, and at most the limit', () => {
    assert.deepEqual(matchingPaths(PATHS, '', 2), ['README.md', 'src/app.ts']);
    const many = Array.from({ length: 500 }, (_, index) => `f/${index}.ts`);
    assert.equal(matchingPaths(many, 'ts').length, 30);
  });
});
