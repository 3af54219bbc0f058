import * as assert from 'node:assert/strict';
import { type Figure, figuresTable, holds, percentile } from '../../../scripts/bench/figures';

describe('benchmark figures', () => {
  it('takes percentiles by nearest rank, whatever the order of the samples', () => {
    const samples = [5, 1, 4, 2, 3];
    assert.equal(percentile(samples, 50), 3);
    assert.equal(percentile(samples, 99), 5);
    assert.equal(percentile(samples, 0), 1);
    assert.ok(Number.isNaN(percentile([], 50)));
    assert.deepEqual(samples, [5, 1, 4, 2, 3], 'the samples are not reordered');
  });

  it('says whether a figure holds its budget, and names one over budget in the table', () => {
    const within: Figure = { area: 'Size', name: '.vsix', value: 274.2, unit: 'KB', budget: 300 };
    const over: Figure = { area: 'Start-up', name: 'activate()', value: 12, unit: 'ms', budget: 10 };
    const info: Figure = { area: 'Rendering', name: 'all rendered', value: 700, unit: 'ms' };
    const flag: Figure = { area: 'Start-up', name: 'active at start', value: 0, unit: 'yes/no', budget: 0 };
    assert.equal(holds(within), true);
    assert.equal(holds(over), false);
    assert.equal(holds(info), undefined);
    const table = figuresTable([within, over, info, flag]);
    assert.match(table, /\| Size \| \.vsix \| 274\.2 KB \| ≤ 300 KB \| ✔ holds \|/);
    assert.match(table, /\| Start-up \| activate\(\) \| 12\.0 ms \| ≤ 10 ms \| ✘ OVER BUDGET \|/);
    assert.match(table, /\| Rendering \| all rendered \| 700\.0 ms \| — \| {2}\|/);
    assert.match(table, /\| active at start \| no \| no \| ✔ holds \|/);
  });
});
