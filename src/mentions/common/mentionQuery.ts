/**
 * The `@mention` being typed in the chat's message box: an `@` at the start of the box or after
 * white space, then the text up to the caret. An `@` inside a word (an e-mail address, `npm i
 * pkg@1`) is never a mention. White space ends it, except inside a lookup's quotes.
 */
export interface TypedMention {
  /** Where the `@` is. */
  readonly start: number;
  /** The caret: the mention ends here. */
  readonly end: number;
  /** What follows the `@`, the suggestions' filter. */
  readonly query: string;
}

/** The longest query followed: a longer run of text after an `@` is not a mention being typed. */
const MAX_QUERY = 200;

/** The mention that ends at `caret` in `text`, if one is being typed there. */
export function mentionAt(text: string, caret: number): TypedMention | undefined {
  const before = text.slice(Math.max(0, caret - MAX_QUERY - 1), caret);
  // A quoted lookup (`@search:"two words"`) may hold white space up to its closing quote.
  const match = /(?:^|\s)@([a-z]+:"[^"]*"?|[^\s@]*)$/u.exec(before);
  if (match === null || match[1] === undefined) {
    return undefined;
  }
  const query = match[1];
  const start = caret - query.length - 1;
  if (start > 0 && !/\s/u.test(text[start - 1] ?? '')) {
    return undefined; // the window's start cut a word in two
  }
  return { start, end: caret, query };
}

/**
 * `text` with `mention` replaced by `@name ` (and where the caret goes after it); with no space
 * when the name only starts the mention (`@symbol:`), so typing goes on inside it.
 */
export function completeMention(
  text: string,
  mention: TypedMention,
  name: string,
  continues = false,
): { readonly text: string; readonly caret: number } {
  const inserted = continues ? `@${name}` : `@${name} `;
  const rest = text.slice(mention.end).replace(/^ /u, '');
  return { text: `${text.slice(0, mention.start)}${inserted}${rest}`, caret: mention.start + inserted.length };
}
