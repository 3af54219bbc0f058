import * as assert from 'node:assert/strict';
import { wholeFileShrink } from '../../../../src/fileEdits/common/wholeFileShrink';

const lines = (count: number, prefix = 'line'): string =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index}`).join('\n') + '\n';

describe('a whole-file block that keeps less than half of its file', () => {
  it('is told for a 40-line file replaced by 12 lines, counting no blank line', () => {
    assert.deepEqual(wholeFileShrink(lines(40), `${lines(12)}\n\n\n`), { fileLines: 40, blockLines: 12 });
    assert.deepEqual(wholeFileShrink(lines(20).replace(/\n/g, '\n\n'), lines(9)), { fileLines: 20, blockLines: 9 });
  });

  it('is not told for a block of at least half the file, a short file, or a new file', () => {
    assert.equal(wholeFileShrink(lines(40), lines(20)), undefined);
    assert.equal(wholeFileShrink(lines(40), lines(60)), undefined);
    assert.equal(wholeFileShrink(lines(19), lines(1)), undefined, 'short files are rewritten whole often');
    assert.equal(wholeFileShrink('', lines(5)), undefined);
  });
});
