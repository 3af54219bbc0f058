import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MOCHA_COUNTS_FILE_ENV, readSuiteStats } from '../../../scripts/testRunner/suiteResult';

const root = path.resolve(__dirname, '..', '..', '..', '..');

describe('The counting reporter', () => {
  it('writes the counts and names each failed test with the first line of its error', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'counting-reporter-'));
    try {
      const spec = path.join(folder, 'sample.test.js');
      fs.writeFileSync(
        spec,
        [
          "describe('a suite', () => {",
          "  it('passes', () => {});",
          "  it('fails', () => { throw new Error('expected 1 to be 2\\nmore detail'); });",
          "  it.skip('waits', () => {});",
          '});',
        ].join('\n'),
      );
      const counts = path.join(folder, 'counts.json');
      const run = spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules', 'mocha', 'bin', 'mocha.js'),
          '--reporter',
          path.join(root, 'out', 'scripts', 'testRunner', 'countingReporter.js'),
          spec,
        ],
        { cwd: folder, env: { ...process.env, [MOCHA_COUNTS_FILE_ENV]: counts }, encoding: 'utf8' },
      );
      assert.equal(run.status, 1, run.stderr);
      assert.deepEqual(readSuiteStats(counts), { passes: 1, failures: 1, pending: 1, failedTests: ['a suite fails: expected 1 to be 2'] });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads a missing counts file as nothing run', () => {
    assert.deepEqual(readSuiteStats(path.join(os.tmpdir(), 'no-such-counts.json')), { passes: 0, failures: 0, pending: 0 });
  });
});
