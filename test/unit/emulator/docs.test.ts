import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FAULT_CLUSTERS } from '../../../scripts/emulator/faults/faultClusters';

/** Markdown code spans and quotes differ between the README and the terminal. */
function plain(text: string): string {
  return text.replace(/[`"]/g, '');
}

describe('emulator: README', () => {
  it('lists every fault cluster with the description the CLI prints', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../../../scripts/emulator/README.md'), 'utf8');
    for (const cluster of FAULT_CLUSTERS) {
      const row = new RegExp(`^\\| \`${cluster.id}\`\\s*\\| (.*?)\\s*\\|$`, 'm').exec(readme);
      assert.ok(row, `README has no row for ${cluster.id}`);
      assert.equal(plain(row[1] ?? ''), plain(cluster.description));
    }
  });
});
