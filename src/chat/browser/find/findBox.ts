import { button, element } from '../../../base/browser/dom';
import { text } from '../../../webview/browser/strings';
import { findMatches, firstMatchFrom, locateMatch, stepMatch, totalMatches, type MatchLocation, type MessageMatches } from './findMatches';

export interface FindHost {
  messages(): readonly { readonly index: number; readonly content: string }[];
  /** Where a new search starts: the first message in view. */
  firstVisibleIndex(): number | undefined;
  /** Renders, scrolls to and marks the match (or clears the mark). */
  show(match: MatchLocation | undefined, query: string): void;
  /** Where focus goes on close when what had it is gone. */
  focusFallback(): void;
}

/**
 * The chat's own find box: the webview's find only sees the few messages a virtual list keeps in
 * the DOM, so this one searches the conversation itself.
 *
 * ```html
 * <div class="chat-find" role="search" hidden>
 *   <input class="chat-find-input" type="text" aria-label="Find in conversation">
 *   <span class="chat-find-count" role="status" aria-live="polite">2 of 5</span>
 *   <button class="icon-button chat-find-previous" aria-label="Previous match (Shift+Enter)"><span class="codicon codicon-arrow-up"></span></button>
 *   <button class="icon-button chat-find-next" aria-label="Next match (Enter)"><span class="codicon codicon-arrow-down"></span></button>
 *   <button class="icon-button chat-find-close" aria-label="Close (Escape)"><span class="codicon codicon-close"></span></button>
 * </div>
 * ```
 */
export class FindBox {
  readonly box: HTMLDivElement;
  readonly input: HTMLInputElement;
  private readonly count: HTMLSpanElement;
  private matches: MessageMatches[] = [];
  private current: number | undefined;
  private returnFocus: Element | null = null;

  constructor(private readonly host: FindHost) {
    this.box = element('div', 'chat-find');
    this.box.setAttribute('role', 'search');
    this.box.hidden = true;
    this.input = element('input', 'chat-find-input');
    this.input.type = 'text';
    this.input.setAttribute('aria-label', text('findInConversation'));
    this.input.placeholder = text('findInConversation');
    this.count = element('span', 'chat-find-count');
    this.count.setAttribute('role', 'status');
    this.count.setAttribute('aria-live', 'polite');
    const previous = button('icon-button chat-find-previous', { icon: 'arrow-up', label: text('findPrevious') });
    const next = button('icon-button chat-find-next', { icon: 'arrow-down', label: text('findNext') });
    const close = button('icon-button chat-find-close', { icon: 'close', label: text('findClose') });
    this.box.append(this.input, this.count, previous, next, close);
    this.input.addEventListener('input', () => this.search());
    this.input.addEventListener('keydown', (event) => this.onKey(event));
    previous.addEventListener('click', () => this.step(-1));
    next.addEventListener('click', () => this.step(1));
    close.addEventListener('click', () => this.close());
  }

  get open(): boolean {
    return !this.box.hidden;
  }

  /** Opens (or returns to) the box, remembering where focus was to give it back on close. */
  show(): void {
    if (!this.open) {
      this.returnFocus = document.activeElement;
      this.box.hidden = false;
      if (this.input.value !== '') {
        this.search();
      }
    }
    this.input.focus();
    this.input.select();
  }

  close(): void {
    if (!this.open) {
      return;
    }
    this.box.hidden = true;
    this.host.show(undefined, '');
    const target = this.returnFocus;
    this.returnFocus = null;
    if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
      target.focus();
    } else {
      this.host.focusFallback();
    }
  }

  /**
   * The messages changed: another conversation is searched afresh; in the same one the count is
   * updated, keeping the current match (or the last one, if it was removed) without moving the view.
   */
  refresh(newConversation: boolean): void {
    if (!this.open) {
      return;
    }
    if (newConversation) {
      this.search();
      return;
    }
    this.matches = findMatches(this.host.messages(), this.input.value);
    const total = totalMatches(this.matches);
    this.current = this.current === undefined || total === 0 ? undefined : Math.min(this.current, total - 1);
    this.showCount();
  }

  private search(): void {
    this.matches = findMatches(this.host.messages(), this.input.value);
    this.current = firstMatchFrom(this.matches, this.host.firstVisibleIndex() ?? 0);
    this.goTo(this.current);
  }

  private step(direction: 1 | -1): void {
    this.goTo(stepMatch(this.current, totalMatches(this.matches), direction));
  }

  private goTo(ordinal: number | undefined): void {
    this.current = ordinal;
    this.host.show(ordinal === undefined ? undefined : locateMatch(this.matches, ordinal), this.input.value);
    this.showCount();
  }

  private showCount(): void {
    const total = totalMatches(this.matches);
    if (this.input.value === '') {
      this.count.textContent = '';
    } else if (total === 0) {
      this.count.textContent = text('findNoResults');
    } else {
      this.count.textContent = text('findPosition', (this.current ?? 0) + 1, total);
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      this.step(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.close();
    }
  }
}

/** Ctrl+F (Cmd+F on macOS) anywhere in the page opens the box instead of the webview's own find. */
export function openFindOnShortcut(box: FindBox): void {
  document.addEventListener('keydown', (event) => {
    if (event.key.toLowerCase() === 'f' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      // Kept from VS Code's webview host too, which would otherwise open a find that sees only the DOM.
      event.preventDefault();
      event.stopPropagation();
      box.show();
    }
  });
}
