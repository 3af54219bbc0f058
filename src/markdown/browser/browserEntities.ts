/**
 * What markdown-it needs of its `entities` dependency, for the webview bundle only (esbuild.js
 * aliases `entities` to this file): the browser's own HTML parser knows every named character
 * reference, so the bundle need not carry the table (about 16 KB of the compressed package).
 * Strict, as markdown-it asks: only a whole `&name;` decodes; anything else comes back unchanged.
 */
let parser: DOMParser | undefined;

export function decodeHTMLStrict(text: string): string {
  // Only a character reference reaches the parser, never markup.
  if (!/^&[a-z][a-z0-9]{1,31};$/i.test(text)) {
    return text;
  }
  parser ??= new DOMParser();
  const decoded = parser.parseFromString(text, 'text/html').body.textContent ?? text;
  // A legacy reference decoded without its semicolon ("&amp" of "&ampxyz;") is no strict match;
  // no entity's value ends in ";" but that of "&semi;".
  return decoded.length > 1 && decoded.endsWith(';') ? text : decoded;
}
