import type { ChatToHostMessage, HostToChatMessage, SearchResultView } from '../../common/chatProtocol';
import { Debounced, type Timers } from '../../../base/browser/debounce';
import { button, element, labelledInput } from '../../../base/browser/dom';
import { text } from '../../../webview/browser/strings';

type SearchResults = Extract<HostToChatMessage, { type: 'searchResults' }>;

/** How long typing must pause before a search is sent. */
export const SEARCH_DELAY_MS = 150;

/**
 * Search across every conversation, at the top of the history panel: results come as you type,
 * in batches from the host (titles first, then message text), each opening its conversation.
 *
 * ```html
 * <input type="search" class="history-search" aria-label="Search conversations">
 * <p class="history-search-status" role="status">3 found</p>
 * <ul class="history-results">
 *   <li class="history-item search-result" data-id="c1"><button class="history-open">Title <span class="search-snippet">…</span></button></li>
 * </ul>
 * ```
 */
export class HistorySearchBox {
  readonly input: HTMLInputElement;
  readonly status: HTMLParagraphElement;
  readonly results: HTMLUListElement;
  private readonly pending: Debounced<string>;
  /** The latest search sent, so that an older answer arriving late is dropped; and what it found. */
  private requestId = 0;
  private found = 0;

  constructor(
    private readonly post: (message: ChatToHostMessage) => void,
    /** Called with true while a query is shown, so the panel hides its plain list. */
    private readonly onActive: (active: boolean) => void,
    timers?: Timers,
  ) {
    this.input = labelledInput('history-search', 'search', text('searchConversations'));
    this.status = element('p', 'history-search-status');
    this.status.setAttribute('role', 'status');
    this.results = element('ul', 'history-results');
    this.results.hidden = true;
    this.pending = new Debounced((query) => this.send(query), SEARCH_DELAY_MS, timers);
    this.input.addEventListener('input', () => this.pending.push(this.input.value));
  }

  get query(): string {
    return this.input.value.trim();
  }

  /** A batch of results; batches of an older request (the user typed on) are ignored. */
  receive(message: SearchResults): void {
    if (message.requestId !== this.requestId || this.query.length === 0) {
      return;
    }
    this.results.append(...message.results.map((result) => resultItem(result)));
    this.found += message.results.length;
    this.status.textContent = this.found > 0 ? text('searchFound', this.found) : message.done ? text('searchNoMatches') : text('searching');
  }

  private send(query: string): void {
    this.requestId++;
    this.found = 0;
    this.results.replaceChildren();
    const active = query.trim().length > 0;
    this.results.hidden = !active;
    this.status.textContent = active ? text('searching') : '';
    this.onActive(active);
    this.post({ type: 'searchHistory', requestId: this.requestId, query: query.trim() });
  }
}

function resultItem(result: SearchResultView): HTMLLIElement {
  const li = element('li', 'history-item search-result');
  li.dataset['id'] = result.id;
  const open = button('history-open', { text: result.title.trim() || text('untitledConversation') });
  open.title = result.title;
  if (result.snippet.length > 0) {
    open.append(element('span', 'search-snippet', result.snippet));
  }
  li.append(open);
  return li;
}
