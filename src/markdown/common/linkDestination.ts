/*
 * A link reference definition's destination, as markdown-it (15.0) reads it, and whether
 * markdown-it accepts it: a definition whose destination it refuses is no definition but text.
 */

const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;

/** The text of `<destination>` or of a destination up to a space, unescaped; undefined if none. */
export function linkDestination(src: string, start: number, max: number): { readonly end: number; readonly text: string } | undefined {
  let pos = start;
  if (src.charCodeAt(pos) === 0x3c) {
    for (pos++; pos < max; pos++) {
      const code = src.charCodeAt(pos);
      if (code === NEWLINE || code === 0x3c) {
        return undefined;
      }
      if (code === 0x3e) {
        return { end: pos + 1, text: unescapeAll(src.slice(start + 1, pos)) };
      }
      if (code === BACKSLASH && pos + 1 < max) {
        pos++;
      }
    }
    return undefined;
  }
  let level = 0;
  while (pos < max) {
    const code = src.charCodeAt(pos);
    if (code <= 0x20 || code === 0x7f) {
      break;
    }
    if (code === BACKSLASH && pos + 1 < max) {
      pos += src.charCodeAt(pos + 1) === 0x20 ? 1 : 2;
      continue;
    }
    if (code === 0x28 && ++level > 32) {
      return undefined;
    }
    if (code === 0x29) {
      if (level === 0) {
        break;
      }
      level--;
    }
    pos++;
  }
  return start === pos || level !== 0 ? undefined : { end: pos, text: unescapeAll(src.slice(start, pos)) };
}

const UNESCAPE_ALL = /\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])|&([a-z#][a-z0-9]{1,31});/gi;
const NUMERIC_REFERENCE = /^#((?:x[a-f0-9]{1,8}|[0-9]{1,8}))$/i;

/**
 * The named character references that can change whether a destination is refused: those of the
 * characters the scheme patterns test besides letters (`:`, `/`, `;`) and those of white space,
 * which is trimmed before the test. No other one of the 2,125 stands for an ASCII letter but
 * `&fjlig;` ("fj", which starts no scheme tested), so leaving them as written changes no outcome
 * of `isAllowedLink`, and the host needs no table of them all.
 */
const NAMED_REFERENCES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    colon: ':',
    sol: '/',
    semi: ';',
    Tab: '\t',
    NewLine: '\n',
    nbsp: '\u00a0',
    NonBreakingSpace: '\u00a0',
    ensp: '\u2002',
    emsp: '\u2003',
    emsp13: '\u2004',
    emsp14: '\u2005',
    numsp: '\u2007',
    puncsp: '\u2008',
    thinsp: '\u2009',
    ThinSpace: '\u2009',
    hairsp: '\u200a',
    VeryThinSpace: '\u200a',
    MediumSpace: '\u205f',
    ThickSpace: '\u205f\u200a',
  }),
);

function isValidEntityCode(code: number): boolean {
  return !(
    (code >= 0xd800 && code <= 0xdfff) ||
    (code >= 0xfdd0 && code <= 0xfdef) ||
    (code & 0xffff) === 0xffff ||
    (code & 0xffff) === 0xfffe ||
    code <= 0x08 ||
    code === 0x0b ||
    (code >= 0x0e && code <= 0x1f) ||
    (code >= 0x7f && code <= 0x9f) ||
    code > 0x10ffff
  );
}

/** markdown-it's `unescapeAll`: backslash escapes and character references resolved. */
function unescapeAll(text: string): string {
  if (!text.includes('\\') && !text.includes('&')) {
    return text;
  }
  return text.replace(UNESCAPE_ALL, (match, escaped: string | undefined, name: string | undefined) => {
    if (escaped !== undefined) {
      return escaped;
    }
    const numeric = NUMERIC_REFERENCE.exec(name ?? '')?.[1];
    if (numeric !== undefined) {
      const code = /^x/i.test(numeric) ? parseInt(numeric.slice(1), 16) : parseInt(numeric, 10);
      return isValidEntityCode(code) ? String.fromCodePoint(code) : match;
    }
    return NAMED_REFERENCES.get(name ?? '') ?? match;
  });
}

const BAD_PROTOCOL = /^(vbscript|javascript|file|data):/;
const GOOD_DATA = /^data:image\/(gif|png|jpeg|webp);/;

/**
 * markdown-it's `validateLink` of the normalized destination. Normalizing (percent-encoding, a
 * host in punycode) keeps the scheme and the characters these patterns test where they are, and
 * its parse trims the text first, so testing the unescaped, trimmed text tells the same.
 */
export function isAllowedLink(destination: string): boolean {
  const text = destination.trim().toLowerCase();
  return BAD_PROTOCOL.test(text) ? GOOD_DATA.test(text) : true;
}
