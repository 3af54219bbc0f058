import * as assert from 'node:assert/strict';
import { rewrites } from '../../../../src/fileEdits/common/mergeEdges';

/** Asserts what `rewrites` makes of each pair: a line of a block, the original's line across the marker. */
function readEach(pairs: ReadonlyArray<readonly [string, string]>, rewritten: boolean): void {
  for (const [line, other] of pairs) {
    assert.equal(rewrites(line, other), rewritten, `${line} beside ${other}`);
  }
}

describe('a line beside a marker read as the line on its other side rewritten', () => {
  it('reads a changed value, a grown expression or a changed tag as a rewrite', () => {
    readEach(
      [
        ['return Math.round(sum);', 'return sum;'],
        ['color: blue;', 'color: red;'],
        ['"version": "1.0.1"', '"version": "1.0.0"'],
        ['const a = 5;', 'const a = 1;'],
        ['x: int = 5', 'x = 4'],
        ['export function total(prices: number[], rate: number): number {', 'export function total(prices: number[]): number {'],
        ['<p className="card-body">{body}</p>', '<p>{body}</p>'],
        ['this.entries.set(key, value.trim());', 'this.entries.set(key, value);'],
        ['export const x = a(b, 2);', 'export const x = a(b);'],
        ['<footer>', '<footer>Read more</footer>'],
      ],
      true,
    );
  });

  it('reads a new line beside another as new', () => {
    readEach(
      [
        ['import logging', 'import os'],
        ['def stop(self):', 'def deposit(self, amount):'],
        ['const total = a + b;', 'const b = 2;'],
        ['if (a.skip) return;', 'run(a);'],
        ['console.log(a);', 'run(a);'],
        ['padding: 4px;', 'margin: 0;'],
        ['<time>{date}</time>', '<p>{body}</p>'],
        ['log(sum);', 'for (const x of p) sum += x;'],
        ['return sum;', 'return sum;'],
        ['return sum;', '}'],
      ],
      false,
    );
  });
});
