const HIGHLIGHT = 'chat-find-match';

/**
 * Marks the `occurrence`-th appearance of `query` in `root`'s text with the CSS Custom Highlight
 * API: no element is added to the message (whose DOM the sanitizer built), and nothing is parsed.
 * Where the API is missing, the message's own mark (a class) is all there is. The rendered text may
 * hold fewer appearances than the markdown (syntax, links); the last one is marked then.
 */
export function highlightOccurrence(root: Element | null | undefined, query: string, occurrence: number): void {
  const registry = typeof CSS === 'undefined' ? undefined : (CSS as { highlights?: HighlightRegistry }).highlights;
  if (!registry || typeof Highlight !== 'function') {
    return;
  }
  registry.delete(HIGHLIGHT);
  const needle = query.toLocaleLowerCase();
  if (!root || needle === '') {
    return;
  }
  const nodes: Array<{ readonly node: Text; readonly start: number }> = [];
  let haystack = '';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      nodes.push({ node, start: haystack.length });
      haystack += (node.data ?? '').toLocaleLowerCase();
    }
  }
  let at = -1;
  for (
    let seen = 0, next = haystack.indexOf(needle);
    next >= 0 && seen <= occurrence;
    seen++, next = haystack.indexOf(needle, next + needle.length)
  ) {
    at = next;
  }
  if (at < 0) {
    return;
  }
  const range = document.createRange();
  const place = (offset: number, set: (node: Text, within: number) => void): void => {
    const holder = [...nodes].reverse().find((candidate) => candidate.start <= offset);
    if (holder) {
      set(holder.node, Math.min(offset - holder.start, holder.node.length));
    }
  };
  place(at, (node, within) => range.setStart(node, within));
  place(at + needle.length, (node, within) => range.setEnd(node, within));
  registry.set(HIGHLIGHT, new Highlight(range));
}
