import type { Markdown } from '../common/markdown';

type Token = ReturnType<Markdown['parse']>[number];

/**
 * A paragraph with more text than this is laid out in parts of about this size, each a block of
 * its own (`.paragraph-part`): one inline layout of 30,000 characters with thousands of emphasis
 * runs takes longer than a frame. A part ends between words, outside any emphasis or link.
 */
export const PARAGRAPH_PART = 4_000;

/**
 * A paragraph (or heading, or table cell) longer than this is shown as its text, unformatted:
 * markdown's inline parse of one such paragraph cannot be cut into steps, and takes about 1.5 ms a
 * KB (50 ms for 3,000 emphasis runs, 40 ms for 5,000 nested brackets). Replies write paragraphs of
 * a few hundred characters.
 */
export const MAX_FORMATTED_PARAGRAPH = 10_000;

/** Makes `md` leave paragraphs longer than MAX_FORMATTED_PARAGRAPH as their text. */
export function formatLongParagraphsAsText(md: Markdown): void {
  md.core.ruler.at('inline', (state) => {
    for (const token of state.tokens) {
      if (token.type !== 'inline') {
        continue;
      }
      token.children = [];
      if (token.content.length > MAX_FORMATTED_PARAGRAPH) {
        const plain = new state.Token('text', '', 0);
        plain.content = token.content;
        token.children.push(plain);
      } else {
        state.md.inline.parse(token.content, state.md, state.env, token.children);
      }
    }
  });
}

/** True for the inline content of a top-level paragraph long enough to be laid out in parts. */
export function isLongParagraph(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  const open = tokens[index - 1];
  return (
    token?.type === 'inline' &&
    open?.type === 'paragraph_open' &&
    open.level === 0 &&
    !open.hidden &&
    tokens[index + 1]?.type === 'paragraph_close' &&
    token.content.length > PARAGRAPH_PART &&
    token.children !== null
  );
}

/** The paragraph's inline tokens in groups of about PARAGRAPH_PART characters. */
export function paragraphParts(children: readonly Token[]): Token[][] {
  const parts: Token[][] = [];
  let part: Token[] = [];
  let size = 0;
  let depth = 0;
  for (const child of children.flatMap(splitText)) {
    part.push(child);
    size += child.content.length;
    depth += child.nesting;
    if (depth === 0 && size >= PARAGRAPH_PART && (child.type === 'text' || child.nesting === -1)) {
      parts.push(part);
      part = [];
      size = 0;
    }
  }
  if (part.length > 0) {
    parts.push(part);
  }
  return parts;
}

/** A long text token as several, each ending after a space. */
function splitText(token: Token): Token[] {
  if (token.type !== 'text' || token.content.length <= PARAGRAPH_PART) {
    return [token];
  }
  const pieces: Token[] = [];
  const text = token.content;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf(' ', start + PARAGRAPH_PART);
    end = end === -1 ? text.length : end + 1;
    pieces.push(withContent(token, text.slice(start, end)));
    start = end;
  }
  return pieces;
}

function withContent(token: Token, content: string): Token {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(token) as object) as Token, token);
  copy.content = content;
  return copy;
}
