import type { ChatMessageView } from '../../common/chatProtocol';
import { RENDERING_ATTRIBUTE } from '../../../codeBlocks/browser/progressiveReply';
import { text } from '../../../webview/browser/strings';
import { LazyHighlighter } from '../../../markdown/browser/lazyHighlight';
import type { ChatModel } from '../chatModel';
import type { MessageDecorations } from './messageDecorations';
import { createMessageElement } from './messageElement';
import { RenderedContents } from './renderedContents';

/**
 * Makes and disposes the virtual list's message elements: content a message rendered before is
 * shown again, and code blocks are highlighted lazily once the message is whole.
 */
export class MessageItems {
  private readonly highlighter: LazyHighlighter;
  private readonly contents = new RenderedContents();

  constructor(
    scroller: HTMLElement,
    private readonly model: ChatModel,
    private readonly decorations: MessageDecorations,
  ) {
    this.highlighter = new LazyHighlighter(scroller);
  }

  create(message: ChatMessageView, position: number, deferHighlight: boolean): HTMLLIElement {
    const author = this.model.authorOf(message, text('you'), text('assistant'));
    const content = this.contents.contentOf(message, deferHighlight, (whole) => {
      if (whole.parentElement) {
        this.highlighter.watch(whole.parentElement);
      }
    });
    const item = createMessageElement(message, author, deferHighlight, content);
    if (!content.hasAttribute(RENDERING_ATTRIBUTE)) {
      this.highlighter.watch(item);
    }
    item.setAttribute('aria-posinset', String(position + 1));
    this.decorations.decorateNew(item, message.index);
    return item;
  }

  /** The element of `message` leaves the DOM: what it rendered is kept for when it comes back. */
  dispose(item: HTMLLIElement, message: ChatMessageView): void {
    this.highlighter.forget(item);
    this.contents.keep(message, item.querySelector<HTMLElement>(':scope > .message-content'));
  }

  /** Another conversation is shown. */
  reset(): void {
    this.highlighter.reset();
    this.contents.clear();
  }
}
