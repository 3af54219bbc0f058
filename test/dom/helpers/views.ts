import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import type { HostToWebviewMessage } from '../../../src/replies/common/hostToReplySchema';
import { mountChatView } from '../../../src/chat/browser/chatView';
import { mountReplyView } from '../../../src/replies/browser/replyView';
import type { MountedView } from '../../../src/webview/browser/view';
import type { Page } from './page';
import { all, one } from './query';

/** Lets the view receive the window's messages, as main.ts does (the page removes the listener after the test). */
function listening(view: MountedView): MountedView {
  window.addEventListener('message', (event: MessageEvent<unknown>) => view.receive(event.data));
  return view;
}

/** A mounted chat view and the parts of it the tests use. */
export class ChatPage {
  private constructor(
    readonly root: HTMLDivElement,
    private readonly view: MountedView,
  ) {}

  /** Mounts the view as main.ts does (so `hostPosts` reaches it too), then hands it `messages`. */
  static mount(page: Page, ...messages: readonly HostToChatMessage[]): ChatPage {
    const root = page.root();
    const chat = new ChatPage(root, listening(mountChatView(root)));
    chat.receive(...messages);
    return chat;
  }

  /** Hands messages from the host to the view, as its window listener does. */
  receive(...messages: readonly unknown[]): void {
    for (const message of messages) {
      this.view.receive(message);
    }
  }

  get input(): HTMLTextAreaElement {
    return one<HTMLTextAreaElement>(this.root, '#chat-input');
  }

  get send(): HTMLButtonElement {
    return one<HTMLButtonElement>(this.root, 'button.chat-send');
  }

  /** Send's place while a request runs. */
  get stop(): HTMLButtonElement {
    return one<HTMLButtonElement>(this.root, 'button.chat-stop');
  }

  get busy(): HTMLElement {
    return one(this.root, '.chat-busy');
  }

  get editing(): HTMLElement {
    return one(this.root, '.chat-editing');
  }

  get history(): HTMLElement {
    return one(this.root, 'nav.chat-history');
  }

  get historyToggle(): HTMLButtonElement {
    return one<HTMLButtonElement>(this.root, 'button[data-command="toggleHistory"]');
  }

  get status(): HTMLElement {
    return one(this.root, ':scope > [role="status"].visually-hidden');
  }

  messages(): HTMLLIElement[] {
    return all<HTMLLIElement>(this.root, 'li.chat-message');
  }

  /** The indexes of the messages on the page, in page order. */
  indexes(): number[] {
    return this.messages().map((item) => Number(item.dataset['index']));
  }

  message(index: number): HTMLLIElement {
    return one<HTMLLIElement>(this.root, `li.chat-message[data-index="${index}"]`);
  }

  command(name: string): HTMLButtonElement {
    return one<HTMLButtonElement>(this.root, `button[data-command="${name}"]`);
  }
}

/** A mounted reply view and its parts. */
export class ReplyPage {
  private constructor(
    readonly root: HTMLDivElement,
    private readonly view: MountedView,
  ) {}

  static mount(page: Page, ...messages: readonly HostToWebviewMessage[]): ReplyPage {
    const root = page.root();
    const reply = new ReplyPage(root, listening(mountReplyView(root)));
    reply.receive(...messages);
    return reply;
  }

  receive(...messages: readonly unknown[]): void {
    for (const message of messages) {
      this.view.receive(message);
    }
  }

  get header(): HTMLElement {
    return one(this.root, 'header.reply-header');
  }

  get actions(): HTMLElement {
    return one(this.root, '.reply-actions');
  }

  get content(): HTMLElement {
    return one(this.root, '#reply');
  }

  get status(): HTMLElement {
    return one(this.root, '[role="status"]');
  }
}
