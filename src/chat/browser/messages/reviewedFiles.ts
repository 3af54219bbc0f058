import { judgePath } from '../../../fileEdits/common/editPaths';
import { labelledBlocks } from '../../../fileEdits/common/labelledBlocks';

/** Replies whose count is kept: more than the virtual list shows at once. */
const KEPT = 64;

/** The count of each reply scanned lately, by its text, oldest first. */
const counts = new Map<string, number>();

/**
 * How many files a reply's labelled blocks name, a path the host would refuse not counted (the
 * review will not hold it). Kept by the reply's text, so a message the virtual list renders again
 * as it scrolls back in is not scanned again.
 */
export function reviewedFileCount(content: string): number {
  const kept = counts.get(content);
  if (kept !== undefined) {
    return kept;
  }
  const paths = labelledBlocks(content).flatMap((block) => {
    const verdict = judgePath(block.path);
    return verdict.kind === 'refused' ? [] : [verdict.path];
  });
  const count = new Set(paths).size;
  counts.set(content, count);
  if (counts.size > KEPT) {
    counts.delete(counts.keys().next().value ?? '');
  }
  return count;
}
