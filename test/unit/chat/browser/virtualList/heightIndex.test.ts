import * as assert from 'node:assert/strict';
import { HeightIndex } from '../../../../../src/chat/browser/virtualList/heightIndex';

function naiveOffset(heights: readonly number[], position: number): number {
  return heights.slice(0, position).reduce((sum, height) => sum + height, 0);
}

describe('height index', () => {
  it('gives offsets, the total and the position at an offset', () => {
    const index = new HeightIndex();
    index.reset([10, 20, 30, 40]);
    assert.equal(index.total, 100);
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((position) => index.offsetOf(position)),
      [0, 10, 30, 60, 100],
    );
    assert.deepEqual(
      [-5, 0, 9, 10, 29, 30, 59, 60, 99, 100, 500].map((offset) => index.positionAt(offset)),
      [0, 0, 0, 1, 1, 2, 2, 3, 3, 3, 3],
    );
  });

  it('matches plain sums after many measurements, appends and truncations', () => {
    const index = new HeightIndex();
    const heights = Array.from({ length: 1000 }, (_, position) => 40 + (position % 7) * 13);
    index.reset(heights);
    for (let step = 0; step < 500; step++) {
      const position = (step * 37) % heights.length;
      heights[position] = 20 + ((step * 11) % 300);
      index.set(position, heights[position] ?? 0);
    }
    index.push([5, 6, 7]);
    heights.push(5, 6, 7);
    index.truncate(900);
    heights.length = 900;
    assert.equal(index.count, 900);
    assert.equal(index.total, naiveOffset(heights, 900));
    for (const position of [0, 1, 17, 256, 511, 512, 899]) {
      const offset = naiveOffset(heights, position);
      assert.equal(index.offsetOf(position), offset);
      assert.equal(index.positionAt(offset), position);
      assert.equal(index.positionAt(offset + (heights[position] ?? 0) - 0.5), position);
    }
  });

  it('reports whether a height changed, and ignores heights that are not positive numbers', () => {
    const index = new HeightIndex();
    index.reset([10, 10]);
    assert.equal(index.set(0, 10), false);
    assert.equal(index.set(0, 12), true);
    assert.equal(index.set(5, 12), false, 'no such position');
    index.set(1, Number.NaN);
    assert.equal(index.total, 12);
  });

  it('never replaces a measured height with an estimate', () => {
    const index = new HeightIndex();
    index.reset([10, 10, 10]);
    index.set(1, 55);
    assert.equal(index.estimate(1, 20), false);
    assert.equal(index.estimate(2, 20), true);
    index.push([7]);
    index.truncate(3);
    assert.equal(index.estimate(1, 30), false, 'still measured after a push and a truncation');
    assert.equal(index.total, 10 + 55 + 20);
  });

  it('is empty before a conversation', () => {
    const index = new HeightIndex();
    assert.equal(index.total, 0);
    assert.equal(index.positionAt(100), 0);
  });
});
