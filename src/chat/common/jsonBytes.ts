/**
 * UTF-8 bytes of `JSON.stringify(text)`, counted without building the escaped string or its bytes:
 * a long reply is measured in one pass, with no copies of it for the collector to clear.
 */
export function jsonStringBytes(text: string): number {
  let bytes = 2;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) {
      bytes += code >= 0x20 ? (code === 0x22 || code === 0x5c ? 2 : 1) : SHORT_ESCAPES.has(code) ? 2 : 6;
    } else if (code < 0x800) {
      bytes += 2;
    } else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(at + 1))) {
      bytes += 4;
      at++;
    } else {
      // A lone surrogate is written as a \u escape (well-formed JSON.stringify).
      bytes += code >= 0xd800 && code <= 0xdfff ? 6 : 3;
    }
  }
  return bytes;
}

/** \b \t \n \f \r: the control characters JSON writes with a two-character escape. */
const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
