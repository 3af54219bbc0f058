import { isExistingCodeMarker } from './labelledBlocks';

/** The 1-based lines of a text that still hold an `...existing code...` marker. */
export function markerLines(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (isExistingCodeMarker(line) ? [index + 1] : []));
}
