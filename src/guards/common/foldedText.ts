import { foldForMatching } from './foldText';
import { escapeRegExp } from '../../base/common/escapeRegExp';

const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * `foldForMatching(text).folded` but for its whitespace: the runs of ASCII whitespace stand as they
 * are (collapsing them costs more than the rest), so a phrase's words are found with any run of
 * `[\t-\r ]` between them (`standsIn`). No offsets either: this tells whether a phrase stands in a
 * text at all, at the cost of native lowercasing for the ASCII that is most of any text, and only a
 * text that holds one is folded with offsets.
 *
 * The fold starts afresh between two ASCII characters that are not whitespace: the first is
 * lowercased on its own (no combining mark follows it), no space run is pending, and nothing before
 * it looks further. So the text is cut there around each non-ASCII character and only those pieces
 * are folded; the pure ASCII in between folds to its lowercase.
 */
export function foldedLoosely(text: string): string {
  const gaps: string[] = [];
  const islands: string[] = [];
  let from = 0;
  NON_ASCII.lastIndex = 0;
  for (let found = NON_ASCII.exec(text); found !== null; found = NON_ASCII.exec(text)) {
    let start = found.index;
    while (start > from && !isCut(text, start)) {
      start--;
    }
    let end = found.index + 1;
    while (end < text.length && !isCut(text, end)) {
      end++;
    }
    gaps.push(text.slice(from, start).toLowerCase());
    islands.push(text.slice(start, end));
    from = end;
    NON_ASCII.lastIndex = end;
  }
  gaps.push(text.slice(from).toLowerCase());
  // The islands, put together, meet at cuts too: they are folded in one go, and the fold split back.
  const { folded, starts } = foldForMatching(islands.join(''));
  const pieces: string[] = [gaps[0] ?? ''];
  let unit = 0;
  let islandEnd = 0;
  islands.forEach((island, index) => {
    const first = unit;
    islandEnd += island.length;
    while (unit < folded.length && (starts[unit] ?? 0) < islandEnd) {
      unit++;
    }
    pieces.push(folded.slice(first, unit), gaps[index + 1] ?? '');
  });
  return pieces.join('');
}

/**
 * A search for a folded phrase in a loosely folded text: its words with a run of ASCII whitespace
 * between them. (A folded phrase has single spaces between words and none at either end, and the
 * runs in the loose text lie between characters that are not whitespace, so they meet exactly
 * where the fold would have one space.)
 */
export function phraseSearch(needle: string): (loose: string) => boolean {
  if (!needle.includes(' ')) {
    return (loose) => loose.includes(needle);
  }
  const pattern = new RegExp(needle.split(' ').map(escapeRegExp).join('[\\t-\\r ]+'));
  return (loose) => pattern.test(loose);
}

/** Whether the fold starts afresh at `at`: both characters around it are ASCII and not whitespace. */
function isCut(text: string, at: number): boolean {
  return isPlainAscii(text.charCodeAt(at - 1)) && isPlainAscii(text.charCodeAt(at));
}

function isPlainAscii(code: number): boolean {
  return code < 0x80 && code !== 0x20 && !(code >= 0x09 && code <= 0x0d);
}
