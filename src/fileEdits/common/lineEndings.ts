/**
 * A whole-file block as its file should hold it: with the file's line endings (`\r\n` where the
 * file has them) and a final newline where the file has one (or, for a new file, always).
 */
export function withEndingsOf(code: string, file: string | undefined): string {
  const crlf = file !== undefined && file.includes('\r\n');
  const finalNewline = file === undefined || file === '' || /\n$/u.test(file);
  const body = code.replace(/\r\n?/gu, '\n').replace(/\n$/u, '');
  const lines = finalNewline ? `${body}\n` : body;
  return crlf ? lines.replace(/\n/gu, '\r\n') : lines;
}
