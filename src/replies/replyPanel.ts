import * as vscode from 'vscode';
import { type CodeAction, type HostToWebviewMessage, isOpenableLink } from '../core/protocol/replyProtocol';
import { parseWebviewMessage } from '../core/protocol/replySchema';
import type { ReplyActions } from './replyActions';
import type { ReplyStore, StoredReply } from './replyStore';
import { webviewHtml, webviewOptions } from '../webviewHost/webviewHtml';

const VIEW_TYPE = 'clusterChat.reply';
const ACTIONS_WITH_SOURCE: readonly CodeAction[] = ['copy', 'insert', 'replace', 'diff', 'newFile', 'continueInChat'];

/**
 * The reply view: one webview panel beside the editor showing the latest reply. Messages from the
 * webview are validated and dispatched through a fixed set of handlers; nothing else gets through.
 */
export class ReplyPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private ready = false;
  private pending: HostToWebviewMessage | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly replies: ReplyStore,
    private readonly actions: ReplyActions,
    private readonly log: vscode.LogOutputChannel,
    /** Opens the reply's conversation in the chat; resolves whether it did. */
    private readonly continueInChat: (reply: StoredReply) => Promise<boolean>,
  ) {}

  show(reply: StoredReply): void {
    const panel = this.panel ?? this.create();
    panel.title = vscode.l10n.t('Cluster Chat: {0}', reply.title);
    panel.reveal(vscode.ViewColumn.Beside, true);
    this.post({
      type: 'showReply',
      reply: { replyId: reply.id, title: reply.title, cluster: reply.cluster, markdown: reply.markdown, actions: ACTIONS_WITH_SOURCE },
    });
  }

  private create(): vscode.WebviewPanel {
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      vscode.l10n.t('Cluster Chat'),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      webviewOptions(this.extensionUri),
    );
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'cluster-chat.svg');
    panel.webview.html = webviewHtml(panel.webview, this.extensionUri, 'reply', 'Cluster Chat');
    this.ready = false;
    panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw), undefined, this.disposables);
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.ready = false;
    }, undefined, this.disposables);
    this.panel = panel;
    return panel;
  }

  private post(message: HostToWebviewMessage): void {
    if (this.ready && this.panel) {
      void this.panel.webview.postMessage(message);
    } else {
      this.pending = message;
    }
  }

  private async receive(raw: unknown): Promise<void> {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.log.warn('Ignored a message from the reply view that is not part of the protocol.');
      return;
    }
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.pending) {
          const pending = this.pending;
          this.pending = undefined;
          this.post(pending);
        }
        return;
      case 'codeAction': {
        const reply = this.replies.get(message.replyId);
        if (!reply || !ACTIONS_WITH_SOURCE.includes(message.action)) {
          return;
        }
        const run = message.action === 'continueInChat' ? this.continueInChat(reply) : this.actions.perform(reply, message.action, message.block);
        const ok = await run.catch((error: unknown) => {
          this.log.error(`Reply action ${message.action} failed: ${error instanceof Error ? error.message : String(error)}`);
          return false;
        });
        this.post({ type: 'actionDone', replyId: reply.id, action: message.action, ok });
        return;
      }
      case 'openLink':
        if (isOpenableLink(message.href)) {
          await vscode.env.openExternal(vscode.Uri.parse(message.href, true));
        }
        return;
    }
  }

  dispose(): void {
    this.panel?.dispose();
    for (const disposable of this.disposables.splice(0)) {
      disposable.dispose();
    }
  }
}
