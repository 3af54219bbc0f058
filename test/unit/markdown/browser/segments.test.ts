import * as assert from 'node:assert/strict';
import { renderMarkdown, renderSegment, startProgress } from '../../../../src/markdown/browser/renderMarkdown';
import {
  CODE_LINES_PER_SEGMENT,
  SEGMENT_MIN_REPLY,
  splitIntoSegments,
  TABLE_ROWS_KEPT_WHOLE,
  TABLE_ROWS_PER_SEGMENT,
  type Segment,
} from '../../../../src/markdown/browser/segments';

/** Blocks whose parse depends on the lines around them, each followed by a blank line. */
const SECTION = [
  '## Heading',
  '',
  'A paragraph that goes on',
  'over two lines.',
  '',
  '- a loose list',
  '',
  '- whose items are apart',
  '',
  '  and continue indented',
  '',
  '3. an ordered list',
  '4. starting at three',
  '',
  '> a quote',
  'lazily continued',
  '',
  '```ts',
  'const inFence = 1;',
  '',
  '# not a heading',
  '```',
  '',
  '    indented code',
  '',
  '    after a blank line',
  '',
  'Setext heading',
  '---',
  '',
  '~~~',
  '```',
  'a backtick fence inside a tilde fence',
  '~~~',
  '',
  '``` info with `backtick` is no fence',
  '',
  '* star item',
  '',
  '+ plus item',
  '',
].join('\n');

function documentOf(length: number): string {
  return SECTION.repeat(Math.ceil(length / SECTION.length));
}

/** Renders the segments as the chat does: each on, with the block numbering carried over. */
function renderSegments(segments: readonly Segment[]): string {
  const progress = startProgress();
  return segments.map((segment) => ('codeLines' in segment ? '' : renderSegment(segment.markdown, progress).join(''))).join('');
}

describe('splitIntoSegments', () => {
  it('leaves a short reply whole', () => {
    const markdown = documentOf(SEGMENT_MIN_REPLY / 2);
    assert.deepEqual(splitIntoSegments(markdown), [{ markdown }]);
  });

  it('cuts a long reply only where markdown parses the pieces exactly as the whole', () => {
    const markdown = documentOf(60_000);
    const segments = splitIntoSegments(markdown);
    assert.ok(segments.length > 4, `${segments.length} segments`);
    assert.equal(
      segments.map((segment) => ('markdown' in segment ? segment.markdown : '')).join('\n'),
      markdown,
      'no line is lost or doubled',
    );
    assert.equal(renderSegments(segments), renderMarkdown(markdown));
  });

  it('keeps a reply with a link reference definition whole: its label may be used anywhere', () => {
    const markdown = `${documentOf(40_000)}\n[label]: https://example.com\n`;
    assert.equal(splitIntoSegments(markdown).length, 1);
  });

  it('cuts a long table into pieces of rows, each behind the header and delimiter rows', () => {
    const count = TABLE_ROWS_KEPT_WHOLE + TABLE_ROWS_PER_SEGMENT * 2 + 7;
    const rows = Array.from({ length: count }, (_, index) => `| ${index} | row ${index} |`);
    const markdown = `${documentOf(20_000)}\n| # | Name |\n|---:|---|\n${rows.join('\n')}\n\nAfter the table.`;
    const pieces = splitIntoSegments(markdown).filter((segment) => 'table' in segment && segment.table !== undefined);
    const expected = Math.ceil(count / TABLE_ROWS_PER_SEGMENT);
    assert.deepEqual(
      pieces.map((piece) => ('table' in piece ? piece.table : undefined)),
      ['first', ...Array.from({ length: expected - 1 }, () => 'continued')],
    );
    for (const piece of pieces) {
      assert.ok('markdown' in piece && piece.markdown.startsWith('| # | Name |\n|---:|---|\n'));
    }
    const shown = pieces.flatMap((piece) => ('markdown' in piece ? piece.markdown.split('\n').slice(2) : []));
    assert.deepEqual(shown, rows, 'every row once, in order');
  });

  it('keeps a table of up to TABLE_ROWS_KEPT_WHOLE rows whole, so its columns size to their content', () => {
    const rows = Array.from({ length: TABLE_ROWS_KEPT_WHOLE }, (_, index) => `| ${index} | row ${index} |`);
    const markdown = `${documentOf(20_000)}\n| # | Name |\n|---:|---|\n${rows.join('\n')}\n\nAfter the table.`;
    const segments = splitIntoSegments(markdown);
    assert.ok(segments.every((segment) => !('table' in segment) || segment.table === undefined));
    assert.ok(
      segments.some((segment) => 'markdown' in segment && segment.markdown.includes(rows.join('\n'))),
      'all rows in one piece',
    );
    assert.equal(renderSegments(segments), renderMarkdown(markdown));
  });

  it('cuts a long code block into its first lines, as a fence, and runs of plain lines; the blocks after it keep their numbers', () => {
    const lines = Array.from({ length: CODE_LINES_PER_SEGMENT * 2 + 20 }, (_, index) => `line ${index}`);
    const markdown = `${documentOf(20_000)}\n\`\`\`ts\n${lines.join('\n')}\n\`\`\`\n\nThen:\n\n\`\`\`js\nafter();\n\`\`\`\n`;
    const segments = splitIntoSegments(markdown);
    const head = segments.findIndex((segment) => 'codeHead' in segment && segment.codeHead === true);
    assert.ok(head > 0);
    const runs = segments.slice(head + 1).filter((segment) => 'codeLines' in segment);
    assert.equal(runs.length, 2);
    const code = [segments[head], ...runs].flatMap((segment) =>
      segment && 'codeLines' in segment ? segment.codeLines.split('\n') : (segment?.markdown.split('\n').slice(1, -1) ?? []),
    );
    assert.deepEqual(code, lines, 'every line once, in order');
    const whole = renderMarkdown(markdown);
    const pieces = renderSegments(segments);
    const lastIndex = (html: string): string | undefined => [...html.matchAll(/data-block-index="(\d+)"/g)].at(-1)?.[1];
    assert.equal(lastIndex(pieces), lastIndex(whole), 'the block after the long one has the same number');
  });
});
