/** How a comment opens and closes, in the languages blocks come in (the braced forms are JSX's). */
const OPENER = String.raw`(?:\/\/|#|--|;|%|\/\*|<!--|\{\/\*|\*)`;
const CLOSER = String.raw`(?:\*\/\}?|-->)`;
const ELLIPSIS = String.raw`(?:\.{3}|…)`;

/** The marker the cluster is asked for: `...existing code...`, with or without a comment around it. */
const EXISTING_CODE = new RegExp(String.raw`^\s*${OPENER}?\s*${ELLIPSIS}\s*existing code\s*${ELLIPSIS}?\s*${CLOSER}?\s*$`, 'iu');

/**
 * What models write instead, inside a comment only: an ellipsis, then words that say code is left
 * out (`// ... rest of the file ...`, `# ... other methods ...`, `<!-- ...unchanged... -->`), or the
 * ellipsis alone (`// ...`). Outside a comment `...` is code (Python's Ellipsis, a spread), never a mark.
 */
const ELIDED_WORDS = String.raw`(?:existing|rest\b|remaining|unchanged|other|previous|omitted|same as before|keep)`;
const ELIDED = new RegExp(
  String.raw`^\s*(?:\/\/|#|--|\/\*|<!--|\{\/\*)\s*${ELLIPSIS}\s*(?:[(\[]\s*)?(?:${ELIDED_WORDS}[^.…\n]{0,60}?)?[)\]]?\s*${ELLIPSIS}?\s*${CLOSER}?\s*$`,
  'iu',
);

/** Whether a line is an `...existing code...` marker (or `…`), in any comment style, or a comment that elides code so. */
export function isExistingCodeMarker(line: string): boolean {
  return EXISTING_CODE.test(line) || ELIDED.test(line);
}

/** Whether a text holds such a marker on a line of its own. */
export function hasExistingCodeMarker(text: string): boolean {
  return text.split('\n').some(isExistingCodeMarker);
}
