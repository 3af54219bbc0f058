import type { ChatMessageView } from '../../common/chatProtocol';
import { RENDERING_ATTRIBUTE } from '../../../codeBlocks/browser/progressiveReply';
import { renderMessageContent } from './messageElement';

/** Markdown characters of the contents kept, about 4 MB: a few long replies, or hundreds of short ones. */
const KEPT_CHARACTERS = 4_000_000;

/**
 * What messages rendered, kept when the virtual list takes them out of the DOM, so a message
 * that scrolls back in shows the same nodes again instead of being parsed, sanitized and
 * highlighted anew. Kept per message object (an edited message is a new one), newest use last.
 */
export class RenderedContents {
  private readonly kept = new Map<ChatMessageView, HTMLElement>();
  private characters = 0;

  /**
   * The content of `message`: the one it rendered before, or a new one. `whenWhole` gets a new one
   * once the later parts of a long reply are in (not one rendered whole at once).
   */
  contentOf(message: ChatMessageView, deferHighlight: boolean, whenWhole: (content: HTMLElement) => void): HTMLElement {
    return this.take(message) ?? renderMessageContent(message, deferHighlight, whenWhole);
  }

  /** The content `message` rendered before, taken out of the store. */
  private take(message: ChatMessageView): HTMLElement | undefined {
    const content = this.kept.get(message);
    if (content) {
      this.kept.delete(message);
      this.characters -= message.content.length;
    }
    return content;
  }

  /** Keeps the content of a message leaving the DOM, once it is whole. */
  keep(message: ChatMessageView, content: HTMLElement | null): void {
    if (!content || content.hasAttribute(RENDERING_ATTRIBUTE) || message.content.length > KEPT_CHARACTERS || this.kept.has(message)) {
      return;
    }
    this.kept.set(message, content);
    this.characters += message.content.length;
    for (const [oldest] of this.kept) {
      if (this.characters <= KEPT_CHARACTERS) {
        break;
      }
      this.take(oldest);
    }
  }

  clear(): void {
    this.kept.clear();
    this.characters = 0;
  }
}
