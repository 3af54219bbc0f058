import * as assert from 'node:assert/strict';
import { estimateHeight } from '../../../../../src/chat/browser/virtualList/heightEstimate';
import { HeightIndex } from '../../../../../src/chat/browser/virtualList/heightIndex';
import { renderRange, revealTop, stepTowards } from '../../../../../src/chat/browser/virtualList/renderRange';

function uniform(count: number, height: number): HeightIndex {
  const index = new HeightIndex();
  index.reset(Array.from({ length: count }, () => height));
  return index;
}

describe('render range', () => {
  const heights = uniform(20_000, 100);

  it('covers the viewport plus the margin above and below', () => {
    assert.deepEqual(renderRange(heights, { top: 50_000, height: 300, pinned: false }, 200, 60), { start: 498, end: 506 });
  });

  it('shows the end when pinned, whatever the scroll offset says', () => {
    assert.deepEqual(renderRange(heights, { top: 0, height: 300, pinned: true }, 200, 60), { start: 19_995, end: 20_000 });
  });

  it('starts at message 0 at the top and clamps offsets beyond the end', () => {
    assert.deepEqual(renderRange(heights, { top: 0, height: 300, pinned: false }, 200, 60), { start: 0, end: 6 });
    assert.deepEqual(renderRange(heights, { top: 10_000_000, height: 300, pinned: false }, 200, 60), { start: 19_995, end: 20_000 });
  });

  it('never holds more than the limit, keeping the viewport and sharing the rest', () => {
    const tiny = uniform(20_000, 1);
    assert.deepEqual(renderRange(tiny, { top: 10_000, height: 10, pinned: false }, 1000, 30), { start: 9990, end: 10_020 });
    assert.deepEqual(renderRange(tiny, { top: 10_000, height: 100, pinned: false }, 0, 30), { start: 10_000, end: 10_030 });
    assert.deepEqual(renderRange(tiny, { top: 0, height: 100, pinned: true }, 0, 30), { start: 19_970, end: 20_000 });
  });

  it('is empty for an empty conversation', () => {
    assert.deepEqual(renderRange(new HeightIndex(), { top: 0, height: 300, pinned: true }, 200, 60), { start: 0, end: 0 });
  });
});

describe('stepping towards a range', () => {
  it('renders the visible messages at once and at most the budget of new ones beyond them, nearest first', () => {
    const next = stepTowards({ start: 0, end: 0 }, { start: 100, end: 104 }, { start: 90, end: 114 }, 4);
    assert.deepEqual(next, { start: 98, end: 106 });
  });

  it('keeps messages already rendered for free', () => {
    assert.deepEqual(stepTowards({ start: 90, end: 104 }, { start: 100, end: 104 }, { start: 90, end: 114 }, 2), { start: 90, end: 106 });
    assert.deepEqual(stepTowards({ start: 90, end: 114 }, { start: 100, end: 104 }, { start: 90, end: 114 }, 0), { start: 90, end: 114 });
  });

  it('keeps rendered messages a little beyond the target, so one at its edge does not go in and out each frame', () => {
    const keep = { start: 88, end: 116 };
    assert.deepEqual(stepTowards({ start: 89, end: 115 }, { start: 100, end: 104 }, { start: 90, end: 114 }, 0, keep), {
      start: 89,
      end: 115,
    });
    assert.deepEqual(
      stepTowards({ start: 80, end: 120 }, { start: 100, end: 104 }, { start: 90, end: 114 }, 0, keep),
      keep,
      'farther ones go',
    );
    assert.deepEqual(stepTowards({ start: 0, end: 10 }, { start: 100, end: 104 }, { start: 90, end: 114 }, 0, keep), {
      start: 100,
      end: 104,
    });
  });

  it('reaches the target in a few steps', () => {
    let current = { start: 0, end: 0 };
    const target = { start: 5000, end: 5030 };
    for (let frame = 0; frame < 4; frame++) {
      current = stepTowards(current, { start: 5010, end: 5013 }, target, 8);
    }
    assert.deepEqual(current, target);
  });
});

describe('height estimate', () => {
  it('grows with wrapped lines and code', () => {
    const short = estimateHeight({ content: 'Hi' }, 300);
    const long = estimateHeight({ content: 'word '.repeat(200) }, 300);
    const code = estimateHeight({ content: 'Look:\n\n```ts\nconst a = 1;\nconst b = 2;\n```' }, 300);
    assert.ok(short < code && code < long, `${short} < ${code} < ${long}`);
    assert.ok(estimateHeight({ content: 'word '.repeat(200) }, 600) < long, 'a wider view wraps less');
  });
});

describe('revealing a message', () => {
  const view = { top: 1000, height: 300, pinned: false };

  it('scrolls the least that shows it whole', () => {
    assert.equal(revealTop(1100, 1200, view), 1000, 'already in view');
    assert.equal(revealTop(500, 600, view), 500, 'above: its top at the top');
    assert.equal(revealTop(1400, 1500, view), 1200, 'below: its bottom at the bottom');
    assert.equal(revealTop(1200, 2000, view), 1200, 'taller than the view: its top');
  });
});
