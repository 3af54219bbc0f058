/**
 * Replies that are heavy to parse, lay out or highlight, one of each kind a cluster can send back
 * (a generated table, a minified bundle, a long log line, deep nesting). The UI tests and the
 * bench render each one and hold the longest main-thread task to the budget.
 */
export interface HeavyReply {
  readonly name: string;
  readonly markdown: string;
  /** Text the rendered reply ends with once it is whole. */
  readonly check: string;
}

const WORDS = ['cluster', 'reply', 'render', 'budget', 'layout', 'message', 'stream', 'token', 'frame', 'scroll', 'action', 'window'];

/** Sentence-like prose of about `size` characters in paragraphs of about 600. */
function prose(size: number): string {
  const paragraphs: string[] = [];
  let length = 0;
  let word = 0;
  while (length < size) {
    const sentences: string[] = [];
    for (let sentence = 0; sentence < 6; sentence++) {
      const words = Array.from({ length: 14 }, () => WORDS[word++ % WORDS.length] ?? '');
      sentences.push(`${words.join(' ')}.`);
    }
    const paragraph = sentences.join(' ');
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join('\n\n');
}

function table(rows: number): string {
  const lines = ['| # | Name | Status | Owner | Notes |', '|---:|:---|:---:|---|---|'];
  for (let row = 1; row <= rows; row++) {
    lines.push(`| ${row} | item-${row} | ${row % 3 === 0 ? '**done**' : 'open'} | user${row % 17} | \`note ${row}\` and more text |`);
  }
  return lines.join('\n');
}

function emphasisRuns(count: number): string {
  const runs = Array.from({ length: count }, (_, index) =>
    index % 3 === 0 ? `*word${index}*` : index % 3 === 1 ? `**word${index}**` : `_w${index}_`,
  );
  return runs.join(' ');
}

function minifiedLine(size: number): string {
  const unit = 'function a(b){return b.map(function(c,d){return c*d+1})}var e=[1,2,3];';
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

function codeLines(count: number): string {
  return Array.from({ length: count }, (_, index) => `  const value${index} = compute(${index}, "text ${index}"); // line ${index}`).join(
    '\n',
  );
}

/** What a line cut short for its length ends with (see MAX_SHOWN_LINE). */
const CUT = 'more characters on this line';

export function heavyReplies(): HeavyReply[] {
  return [
    { name: '2,000-row table', markdown: `Here is the table:\n\n${table(2000)}\n`, check: 'item-2000' },
    { name: '3,000 emphasis runs', markdown: emphasisRuns(3000), check: 'w2999' },
    { name: '500 KB of prose', markdown: `${prose(500_000)}\n\nThe end of the prose.`, check: 'The end of the prose.' },
    { name: '300 KB single line', markdown: `\`\`\`js\n${minifiedLine(300_000)}\n\`\`\``, check: CUT },
    { name: '10,000-line code block', markdown: `\`\`\`ts\n${codeLines(10_000)}\n\`\`\``, check: 'line 9999' },
    { name: '200,000-character line', markdown: 'A'.repeat(200_000), check: CUT },
    { name: '100,000 characters of inline code', markdown: `\`${'x'.repeat(100_000)}\``, check: CUT },
    { name: '5,000 nested brackets', markdown: `${'[a]('.repeat(5000)}x${')'.repeat(5000)}`, check: CUT },
    {
      name: '1,000-level nesting',
      markdown: `${'> '.repeat(1000)}deep\n\n${Array.from({ length: 500 }, (_, level) => `${'  '.repeat(level)}- level ${level}`).join('\n')}`,
      check: 'level 499',
    },
    {
      name: '500-character info string',
      markdown: `\`\`\`${'js'.padEnd(500, 'x')} <b>bold</b>\n<img src=x>\nconst a = 1;\n\`\`\`\n\n<div>html after</div>`,
      check: 'html after',
    },
  ];
}
