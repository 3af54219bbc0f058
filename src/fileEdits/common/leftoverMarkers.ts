import { isExistingCodeMarker } from './existingCodeMarker';

/**
 * The 1-based lines of a text that still hold an `...existing code...` marker; a comment line the
 * original already held (a `// ...` of the file's own) is not one.
 */
export function markerLines(text: string, original = ''): number[] {
  const own = new Set(
    original
      .split('\n')
      .filter(isExistingCodeMarker)
      .map((line) => line.trim()),
  );
  return text.split('\n').flatMap((line, index) => (isExistingCodeMarker(line) && !own.has(line.trim()) ? [index + 1] : []));
}
