import * as assert from 'node:assert/strict';
import { formatElapsed } from '../../../../../src/chat/browser/composer/elapsed';

describe('long waits: the elapsed time', () => {
  it('shows minutes and seconds, hours only past one, and never a negative wait', () => {
    assert.equal(formatElapsed(0), '0:00');
    assert.equal(formatElapsed(999), '0:00');
    assert.equal(formatElapsed(7_400), '0:07');
    assert.equal(formatElapsed(754_000), '12:34');
    assert.equal(formatElapsed(3_723_000), '1:02:03');
    assert.equal(formatElapsed(-5_000), '0:00');
  });
});
