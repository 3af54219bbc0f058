import type * as vscode from 'vscode';
import { openLink } from './linkConfirmation';

/** What every webview sends besides its own messages. */
type ChannelMessage = { readonly type: 'ready' } | { readonly type: 'openLink'; readonly href: string };

export interface WebviewChannelOptions<In extends { readonly type: string }> {
  /** The webview's name in the log, e.g. "chat view". */
  readonly name: string;
  /** The protocol's check of what the webview sends; undefined drops the message. */
  readonly parse: (raw: unknown) => In | undefined;
  /** The webview has loaded and listens (again, after it was hidden and shown). */
  readonly onReady: () => unknown;
  readonly onMessage: (message: Exclude<In, ChannelMessage>) => unknown;
  readonly log: vscode.LogOutputChannel;
}

/**
 * The one connection between the host and a webview, for both panels: messages for the webview
 * wait, in order, until it says it is ready; what it sends is checked against its protocol before
 * anything acts on it; a link it asks to open opens only after one question naming it.
 */
export class WebviewChannel<In extends { readonly type: string }, Out> implements vscode.Disposable {
  private ready = false;
  private readonly queue: Out[] = [];
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly webview: vscode.Webview,
    private readonly options: WebviewChannelOptions<In | ChannelMessage>,
  ) {
    this.subscription = webview.onDidReceiveMessage((raw: unknown) => this.receive(raw));
  }

  post(message: Out): void {
    if (this.ready) {
      void this.webview.postMessage(message);
    } else {
      this.queue.push(message);
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.queue.length = 0;
  }

  private receive(raw: unknown): void {
    const message = this.options.parse(raw);
    if (!message) {
      this.options.log.warn(`Ignored a message from the ${this.options.name} that is not part of its protocol.`);
      return;
    }
    Promise.resolve(this.dispatch(message)).catch((error: unknown) =>
      this.options.log.error(`${this.options.name}: ${message.type} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  private async dispatch(message: In | ChannelMessage): Promise<unknown> {
    if (isChannelMessage(message)) {
      if (message.type === 'ready') {
        this.ready = true;
        for (const queued of this.queue.splice(0)) {
          void this.webview.postMessage(queued);
        }
        return this.options.onReady();
      }
      return openLink(message.href, this.options.log);
    }
    return this.options.onMessage(message as Exclude<In, ChannelMessage>);
  }
}

function isChannelMessage(message: { readonly type: string }): message is ChannelMessage {
  return message.type === 'ready' || message.type === 'openLink';
}
