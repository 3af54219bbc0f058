import { text as localized } from '../../webview/browser/strings';

/**
 * How much of a long line a reply shows. Replies are untrusted: a minified bundle or a log line
 * must not cost the view more than a frame to lay out.
 */

/**
 * Characters of one line shown, as VS Code's editor stops rendering a line after 10,000: shaping a
 * longer line takes longer than a frame. The rest is one click away (Copy takes the whole text).
 */
export const MAX_SHOWN_LINE = 10_000;
/**
 * A run of text without spaces at least this long scrolls sideways instead of wrapping: breaking
 * inside a word costs time that grows with the square of its length in some fonts (DejaVu Sans, the
 * usual system-ui on Linux, takes 20 s for 200,000 characters).
 */
export const LONG_RUN = 500;

export function hasLineLongerThan(text: string, limit: number): boolean {
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if ((end === -1 ? text.length : end) - start > limit) {
      return true;
    }
    if (end === -1) {
      return false;
    }
    start = end + 1;
  }
}

/** Escaped text whose lines past MAX_SHOWN_LINE characters end in a note of what is not shown. */
export function shownLines(text: string, escape: (text: string) => string): string {
  if (!hasLineLongerThan(text, MAX_SHOWN_LINE)) {
    return escape(text);
  }
  return text
    .split('\n')
    .map((line) =>
      line.length > MAX_SHOWN_LINE ? escape(line.slice(0, MAX_SHOWN_LINE)) + cutNote(line.length - MAX_SHOWN_LINE, escape) : escape(line),
    )
    .join('\n');
}

/** Escaped prose text, its long runs without spaces scrolling sideways (and cut like a long line). */
export function shownText(text: string, escape: (text: string) => string): string {
  if (text.length < LONG_RUN) {
    return escape(text);
  }
  let html = '';
  let last = 0;
  for (const [start, end] of longRuns(text)) {
    const length = end - start;
    const shown = escape(text.slice(start, start + Math.min(length, MAX_SHOWN_LINE)));
    html += `${escape(text.slice(last, start))}<span class="long-run">${shown}${length > MAX_SHOWN_LINE ? cutNote(length - MAX_SHOWN_LINE, escape) : ''}</span>`;
    last = end;
  }
  return html + escape(text.slice(last));
}

/** Start and end of each run of at least LONG_RUN characters without white space (a plain scan: a regular expression takes 20 ms on 200,000). */
function longRuns(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = 0;
  for (let at = 0; at <= text.length; at++) {
    const code = at < text.length ? text.charCodeAt(at) : 32;
    // Space, tab, line breaks and the other white space markdown keeps in text.
    if (code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11 || code === 0xa0 || code === 0x3000) {
      if (at - start >= LONG_RUN) {
        runs.push([start, at]);
      }
      start = at + 1;
    }
  }
  return runs;
}

function cutNote(hidden: number, escape: (text: string) => string): string {
  return `<span class="cut-note">${escape(localized('lineCut', hidden.toLocaleString()))}</span>`;
}
