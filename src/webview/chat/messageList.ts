import type { ChatMessageView } from '../../core/protocol/chatProtocol';
import type { ChatModel } from './chatModel';
import { planChunks } from './chunkPlan';
import { markRenderOnce, RENDER_MARKS, startRenderMarks } from '../markdown/renderMarks';
import { element } from '../common/dom';
import { LazyHighlighter } from '../markdown/lazyHighlight';
import { createErrorElement, createMessageElement, createRegenerateButton } from './messageElement';
import { isNearBottom, pinnedAfterScroll } from './scrollPosition';
import { text } from '../common/strings';

/** Appending more messages than this at once defers their highlighting too. */
const IMMEDIATE_HIGHLIGHT_LIMIT = 5;

const MESSAGE_SELECTOR = 'li.chat-message';

/**
 * The conversation on the page:
 *
 * ```html
 * <div class="chat-scroll">
 *   <p class="chat-empty">Ask the cluster anything, …</p>
 *   <ol id="messages" class="chat-messages" role="log" aria-live="polite">
 *     <li class="chat-message" data-index="0" data-role="user">…</li>
 *     <div class="chat-error" role="alert" data-index="0">…</div>
 *   </ol>
 * </div>
 * ```
 *
 * A whole conversation is rendered newest first, a chunk at a time, yielding between chunks so
 * input stays responsive; code is highlighted when its message comes into view. While the user
 * has not scrolled up, the view stays at the end as messages arrive and their heights settle.
 */
export class MessageList {
  readonly scroller: HTMLDivElement;
  readonly list: HTMLOListElement;
  private readonly empty: HTMLParagraphElement;
  private readonly highlighter: LazyHighlighter;
  private errorBox: { readonly element: HTMLDivElement; readonly source: object } | undefined;
  private generation = 0;
  private timer: number | undefined;
  private pinned = true;
  private lastTop = 0;

  constructor(private readonly model: ChatModel) {
    this.scroller = element('div', 'chat-scroll');
    this.empty = element('p', 'chat-empty', text('chatEmpty'));
    this.list = element('ol', 'chat-messages');
    this.list.id = 'messages';
    this.list.setAttribute('role', 'log');
    this.list.setAttribute('aria-live', 'polite');
    this.list.setAttribute('aria-label', text('chatMessages'));
    this.scroller.append(this.empty, this.list);
    this.highlighter = new LazyHighlighter(this.scroller);
    this.scroller.addEventListener('scroll', () => this.onScroll(), { passive: true });
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(() => this.keepPinned());
      observer.observe(this.list);
      observer.observe(this.scroller);
    }
  }

  /** Replaces the page's messages with the model's, rendering them in chunks. */
  showConversation(): void {
    startRenderMarks();
    this.cancelPending();
    this.highlighter.reset();
    this.errorBox?.element.remove();
    this.errorBox = undefined;
    this.list.replaceChildren();
    const snapshot = [...this.model.messages];
    const chunks = planChunks(snapshot.length);
    const generation = ++this.generation;
    this.list.setAttribute('aria-busy', 'true');
    this.pinned = true;

    const renderChunk = (position: number): void => {
      this.timer = undefined;
      const chunk = chunks[position];
      if (generation !== this.generation || !chunk) {
        this.list.removeAttribute('aria-busy');
        if (generation === this.generation) {
          markRenderOnce(RENDER_MARKS.allRendered);
        }
        return;
      }
      // Older chunks go before everything shown; skip messages removed or replaced meanwhile.
      const current = snapshot.slice(chunk.start, chunk.end).filter((message) => this.model.messageAt(message.index) === message);
      this.list.prepend(...current.map((message) => this.createElement(message, true)));
      this.decorate();
      this.keepPinned();
      markRenderOnce(RENDER_MARKS.firstRender);
      this.timer = window.setTimeout(() => renderChunk(position + 1), 0);
    };
    renderChunk(0);
    this.decorate();
  }

  /** Adds messages at the end (already in the model). */
  appendMessages(messages: readonly ChatMessageView[]): void {
    if (messages.some((message) => message.role === 'user')) {
      this.pinned = true;
    }
    const defer = messages.length > IMMEDIATE_HIGHLIGHT_LIMIT;
    this.list.append(...messages.map((message) => this.createElement(message, defer)));
    this.decorate();
    this.keepPinned();
  }

  /** Removes the messages from `index` on (already removed from the model). */
  removeFrom(index: number): void {
    for (const item of this.list.querySelectorAll<HTMLElement>(MESSAGE_SELECTOR)) {
      if (Number(item.dataset['index']) >= index) {
        this.highlighter.forget(item);
        item.remove();
      }
    }
    this.decorate();
  }

  /** Brings the placeholder, the regenerate button and the error in line with the model. */
  decorate(): void {
    this.empty.hidden = this.model.messages.length > 0;
    this.placeRegenerate(this.model.lastIndexOf('assistant'));
    this.placeError();
  }

  itemAt(index: number): HTMLElement | null {
    return this.list.querySelector<HTMLElement>(`${MESSAGE_SELECTOR}[data-index="${index}"]`);
  }

  private keepPinned(): void {
    if (this.pinned) {
      this.scroller.scrollTop = this.scroller.scrollHeight;
      this.lastTop = this.scroller.scrollTop;
    }
  }

  private onScroll(): void {
    const { scrollTop, scrollHeight, clientHeight } = this.scroller;
    this.pinned = pinnedAfterScroll(this.pinned, this.lastTop, scrollTop, isNearBottom(scrollTop, scrollHeight, clientHeight));
    this.lastTop = scrollTop;
  }

  private createElement(message: ChatMessageView, deferHighlight: boolean): HTMLLIElement {
    const item = createMessageElement(message, this.model.authorOf(message, text('you'), text('assistant')), deferHighlight);
    this.highlighter.watch(item);
    return item;
  }

  private placeRegenerate(target: number | undefined): void {
    for (const existing of this.list.querySelectorAll<HTMLElement>('button.message-regenerate')) {
      if (existing.closest<HTMLElement>(MESSAGE_SELECTOR)?.dataset['index'] !== String(target)) {
        existing.remove();
      }
    }
    const actions = target === undefined ? null : this.itemAt(target)?.querySelector(':scope > .message-actions');
    if (actions && !actions.querySelector('button.message-regenerate')) {
      actions.append(createRegenerateButton());
    }
  }

  private placeError(): void {
    const error = this.model.error;
    if (this.errorBox && this.errorBox.source !== error) {
      this.errorBox.element.remove();
      this.errorBox = undefined;
    }
    if (!error) {
      return;
    }
    this.errorBox ??= { element: createErrorElement(error), source: error };
    const box = this.errorBox.element;
    const after = this.itemAt(error.index);
    if (after) {
      if (after.nextElementSibling !== box) {
        after.after(box);
      }
    } else if (this.list.lastElementChild !== box) {
      this.list.append(box);
    }
  }

  private cancelPending(): void {
    if (this.timer !== undefined) {
      window.clearTimeout(this.timer);
      this.timer = undefined;
    }
  }
}
