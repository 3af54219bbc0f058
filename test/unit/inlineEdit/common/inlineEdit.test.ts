import * as assert from 'node:assert/strict';
import { computeHunks, splitLines } from '../../../../src/inlineEdit/common/lineHunks';
import { fitsInline, INLINE_LIMITS, moveHunks, placeHunks } from '../../../../src/inlineEdit/common/proposalHunks';
import { proposedCode } from '../../../../src/inlineEdit/common/replyCode';

const OLD = 'a\nb\nc\nd\ne\n';

describe('inline edit: hunks from old and new text', () => {
  it('splits lines keeping their breaks, the last one without', () => {
    assert.deepEqual(splitLines('a\r\nb\nc'), ['a\r\n', 'b\n', 'c']);
    assert.deepEqual(splitLines(''), []);
  });

  it('finds no hunk for equal texts, and separate hunks for separate changes', () => {
    assert.deepEqual(computeHunks(OLD, OLD), []);
    assert.deepEqual(computeHunks(OLD, 'a\nB\nc\nd\nE\nF\n'), [
      { oldStart: 1, oldLines: ['b\n'], newLines: ['B\n'] },
      { oldStart: 4, oldLines: ['e\n'], newLines: ['E\n', 'F\n'] },
    ]);
  });

  it('describes insertions and deletions by the line they go before', () => {
    assert.deepEqual(computeHunks(OLD, 'x\na\nb\nc\ne\n'), [
      { oldStart: 0, oldLines: [], newLines: ['x\n'] },
      { oldStart: 3, oldLines: ['d\n'], newLines: [] },
    ]);
    assert.deepEqual(computeHunks('a\n', 'a\nb\n'), [{ oldStart: 1, oldLines: [], newLines: ['b\n'] }]);
  });

  it('keeps separate changes of two 2,100-line files apart (Myers’ diff, not one hunk of the whole middle)', () => {
    const lines = Array.from({ length: 2_100 }, (_, index) => `line ${index}\n`);
    // Changed at both ends, so no common start or end shortens what is aligned.
    const changed = lines.map((line, index) => ([0, 1_050, 2_099].includes(index) ? `changed ${index}\n` : line));
    changed.splice(2_000, 1);
    assert.deepEqual(computeHunks(lines.join(''), changed.join('')), [
      { oldStart: 0, oldLines: ['line 0\n'], newLines: ['changed 0\n'] },
      { oldStart: 1_050, oldLines: ['line 1050\n'], newLines: ['changed 1050\n'] },
      { oldStart: 2_000, oldLines: ['line 2000\n'], newLines: [] },
      { oldStart: 2_099, oldLines: ['line 2099\n'], newLines: ['changed 2099\n'] },
    ]);
  });

  it('makes one hunk of the middle of two long files that share almost nothing, still exact', () => {
    const old = Array.from({ length: 5_000 }, (_, index) => `old ${index}\n`);
    const replaced = Array.from({ length: 5_000 }, (_, index) => `new ${index}\n`);
    const text = (middle: readonly string[]): string => `first\n${middle.join('')}last\n`;
    assert.deepEqual(computeHunks(text(old), text(replaced)), [{ oldStart: 1, oldLines: old, newLines: replaced }]);
  });

  it('places hunks at document offsets from where the sent text starts', () => {
    const hunks = placeHunks(OLD, 'a\nB\nc\nd\ne\nf\n', 100);
    assert.equal(hunks.length, 2);
    assert.deepEqual(
      hunks.map(({ id, start, end, oldText, newText }) => ({ id, start, end, oldText, newText })),
      [
        { id: 0, start: 102, end: 104, oldText: 'b\n', newText: 'B\n' },
        { id: 1, start: 110, end: 110, oldText: '', newText: 'f\n' },
      ],
    );
  });

  it('sends a change with too many hunks or lines to the diff editor', () => {
    assert.equal(fitsInline(placeHunks(OLD, 'A\nb\nC\nd\nE\n', 0)), true);
    const many = Array.from({ length: INLINE_LIMITS.hunks + 1 }, (_, index) => `line ${index}\nsame\n`).join('');
    assert.equal(fitsInline(placeHunks(many, many.replace(/line/g, 'LINE'), 0)), false);
    const long = Array.from({ length: INLINE_LIMITS.changedLines }, (_, index) => `${index}\n`).join('');
    assert.equal(fitsInline(placeHunks(long, long.replace(/\n/g, ';\n'), 0)), false);
  });
});

describe('inline edit: following the document under a pending proposal', () => {
  const hunks = placeHunks(OLD, 'a\nB\nc\nd\nE\n', 0); // b at [2,4), e at [8,10)
  const change = (rangeOffset: number, rangeLength: number, textLength: number) => ({ rangeOffset, rangeLength, textLength });

  it('moves hunks after an edit above them and keeps them after an edit below', () => {
    const moved = moveHunks(hunks, [change(0, 0, 3)]);
    assert.deepEqual(
      moved?.map((hunk) => [hunk.start, hunk.end]),
      [
        [5, 7],
        [11, 13],
      ],
    );
    assert.deepEqual(moveHunks(hunks.slice(0, 1), [change(8, 0, 4)]), hunks.slice(0, 1));
  });

  it('moves only the hunks below an edit between them', () => {
    const moved = moveHunks(hunks, [change(5, 1, 0)]);
    assert.deepEqual(
      moved?.map((hunk) => [hunk.start, hunk.end]),
      [
        [2, 4],
        [7, 9],
      ],
    );
  });

  it('withdraws (undefined) when an edit touches a hunk, at its edges included', () => {
    assert.equal(moveHunks(hunks, [change(3, 1, 1)]), undefined);
    assert.equal(moveHunks(hunks, [change(4, 0, 1)]), undefined, 'an insertion right after the hunk');
    assert.equal(moveHunks(hunks, [change(0, 3, 0)]), undefined, 'a deletion reaching into the hunk');
    const insertion = placeHunks('a\nb\n', 'a\nx\nb\n', 0);
    assert.equal(moveHunks(insertion, [change(2, 0, 1)]), undefined, 'typing where lines are to be inserted');
    assert.deepEqual(moveHunks(insertion, [change(1, 0, 1)])?.[0]?.start, 3, 'typing on the line above moves the insertion point');
  });
});

describe('inline edit: the code of a reply', () => {
  const sent = { text: 'const a = 1 ;\nconst b = 2;\n', languageId: 'typescript' };

  it('takes the longest block in the sent language, with the sent line breaks', () => {
    const reply =
      'Here:\n\n```ts\nconst a = 1;\nconst b = 2;\n```\n\nUsage:\n\n```bash\nnpm test and a much longer line than the code\n```\n';
    assert.deepEqual(proposedCode(reply, sent), { kind: 'code', code: 'const a = 1;\nconst b = 2;\n' });
    assert.deepEqual(proposedCode(reply, { ...sent, text: 'const a = 1 ;\r\nconst b = 2;' }), {
      kind: 'code',
      code: 'const a = 1;\r\nconst b = 2;',
    });
  });

  it('says when a reply holds no code, or the same code', () => {
    assert.deepEqual(proposedCode('I cannot help with that.', sent), { kind: 'noCode' });
    assert.deepEqual(proposedCode('```\n   \n```', sent), { kind: 'noCode' });
    assert.deepEqual(proposedCode('```typescript\nconst a = 1 ;\nconst b = 2;\n```', sent), { kind: 'unchanged' });
  });

  it('falls back to a block in another language when none is in the sent one', () => {
    assert.deepEqual(proposedCode('```python\nx = 1\n```', { text: 'x=1\n', languageId: 'plaintext' }), { kind: 'code', code: 'x = 1\n' });
  });
});
