/** How many messages the chat view renders before it yields to input and painting. */
export const CHUNK_SIZE = 50;

export interface Chunk {
  /** First position (inclusive). */
  readonly start: number;
  /** Last position (exclusive). */
  readonly end: number;
}

/**
 * The positions 0…count-1 cut into chunks of at most `size`, newest first: the first chunk holds
 * the last messages (what the user sees at the bottom), each later chunk the ones before it.
 */
export function planChunks(count: number, size: number = CHUNK_SIZE): Chunk[] {
  const step = Math.max(1, Math.floor(size));
  const chunks: Chunk[] = [];
  for (let end = Math.max(0, Math.floor(count)); end > 0; end -= step) {
    chunks.push({ start: Math.max(0, end - step), end });
  }
  return chunks;
}
