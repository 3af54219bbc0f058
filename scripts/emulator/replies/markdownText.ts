/** Small markdown helpers for the demo replies. */

export function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text.replace(/[\r\n]+/g, ' ')}${pad}${ticks}`;
}

export function blockquote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** The first `max` characters of the text (whole code points), with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  const trimmed = text.trim();
  const chars = [...trimmed];
  return chars.length <= max ? trimmed : `${chars.slice(0, max).join('').trimEnd()}…`;
}

export function plural(count: number, word: string): string {
  return `${count} ${count === 1 ? word : `${word}s`}`;
}

export function list(items: readonly string[]): string {
  if (items.length <= 1) {
    return items.join('');
  }
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}
