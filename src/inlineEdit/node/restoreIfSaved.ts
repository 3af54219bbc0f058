import { readFileSync, writeFileSync } from 'node:fs';

/** The byte order mark a UTF-8 file may start with, kept as it was. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Writes `settled` over the file at `fsPath` when the text on disk is `saved` (UTF-8, with or without a
 * byte order mark), and reports whether it did. Synchronous: it runs while the extension host shuts
 * down, when nothing awaited would finish.
 */
export function restoreIfSaved(fsPath: string, saved: string, settled: string): boolean {
  let bytes: Buffer;
  try {
    bytes = readFileSync(fsPath);
  } catch {
    return false; // gone or unreadable: nothing of ours to take back
  }
  const bom = bytes.subarray(0, BOM.length).equals(BOM);
  if (bytes.subarray(bom ? BOM.length : 0).toString('utf8') !== saved) {
    return false;
  }
  writeFileSync(fsPath, bom ? Buffer.concat([BOM, Buffer.from(settled, 'utf8')]) : settled);
  return true;
}
