import { highlightDeferred, MAX_HIGHLIGHTED_BLOCK, PENDING_HIGHLIGHT_CLASS } from './renderMarkdown';
import { RENDER_MARKS, markRenderOnce } from './renderMarks';
import { sanitizeHtml } from './sanitize';
import { queueJob } from '../../base/browser/sliceQueue';

const PENDING_SELECTOR = `code.${PENDING_HIGHLIGHT_CLASS}`;

/**
 * Highlights the code blocks of a message (rendered with `deferHighlight`) once the message comes
 * near the visible part of the scroll container, so long conversations render quickly.
 */
export class LazyHighlighter {
  private readonly observer: IntersectionObserver | undefined;

  constructor(scroller: HTMLElement) {
    this.observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => this.onIntersect(entries), { root: scroller, rootMargin: '400px 0px' })
        : undefined;
  }

  /** Watches a message that has deferred code blocks (does nothing for one without). */
  watch(message: HTMLElement): void {
    if (!message.querySelector(PENDING_SELECTOR)) {
      return;
    }
    if (this.observer) {
      this.observer.observe(message);
    } else {
      highlightPending(message);
    }
  }

  forget(message: HTMLElement): void {
    this.observer?.unobserve(message);
  }

  /** Stops watching everything (the messages were replaced). */
  reset(): void {
    this.observer?.disconnect();
  }

  private onIntersect(entries: readonly IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      if (entry.isIntersecting && entry.target instanceof HTMLElement) {
        this.observer?.unobserve(entry.target);
        highlightPending(entry.target);
        markRenderOnce(RENDER_MARKS.firstHighlight);
      }
    }
  }
}

/**
 * Highlights every deferred code block inside `root`: at once when they are short together, else
 * one block a step (see `sliceQueue`), so a reply with many blocks never holds the main thread long.
 */
export function highlightPending(root: HTMLElement): void {
  const pending = Array.from(root.querySelectorAll<HTMLElement>(PENDING_SELECTOR));
  const total = pending.reduce((sum, code) => sum + (code.textContent?.length ?? 0), 0);
  if (total <= MAX_HIGHLIGHTED_BLOCK) {
    pending.forEach(highlight);
    return;
  }
  queueJob(() => {
    const code = pending.shift();
    if (code) {
      highlight(code);
    }
    return pending.length > 0 ? 'drawn' : 'done';
  });
}

function highlight(code: HTMLElement): void {
  // A block highlighted meanwhile (its message came into view twice) is left as it is.
  if (code.classList.contains(PENDING_HIGHLIGHT_CLASS)) {
    code.classList.remove(PENDING_HIGHLIGHT_CLASS);
    code.replaceChildren(sanitizeHtml(highlightDeferred(code.textContent ?? '', code.className)));
  }
}
