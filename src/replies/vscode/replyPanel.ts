import * as vscode from 'vscode';
import type { CodeAction } from '../common/replyProtocol';
import type { HostToWebviewMessage } from '../common/hostToReplySchema';
import type { WebviewToHostMessage } from '../common/replyToHostSchema';
import { parseWebviewMessage } from '../common/replyToHostSchema';
import type { ReplyActions } from './replyActions';
import type { ReplyStore, StoredReply } from './replyStore';
import { WebviewChannel } from '../../webview/vscode/webviewChannel';
import { webviewHtml, webviewOptions } from '../../webview/vscode/webviewHtml';

const VIEW_TYPE = 'clusterChat.reply';

type ReplyChannel = WebviewChannel<WebviewToHostMessage, HostToWebviewMessage>;
const ACTIONS_WITH_SOURCE: readonly CodeAction[] = ['copy', 'insert', 'replace', 'diff', 'newFile', 'continueInChat'];

/**
 * The reply view: one webview panel beside the editor showing the latest reply, and the actions
 * its buttons ask for. The channel checks every message before it gets here.
 */
export class ReplyPanel implements vscode.Disposable {
  private panel: { readonly webviewPanel: vscode.WebviewPanel; readonly channel: ReplyChannel } | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly replies: ReplyStore,
    private readonly actions: ReplyActions,
    private readonly log: vscode.LogOutputChannel,
    /** Opens the reply's conversation in the chat; resolves whether it did. */
    private readonly continueInChat: (reply: StoredReply) => Promise<boolean>,
  ) {}

  show(reply: StoredReply): void {
    this.panel ??= this.create();
    this.panel.webviewPanel.title = vscode.l10n.t('Cluster Chat: {0}', reply.title);
    this.panel.webviewPanel.reveal(vscode.ViewColumn.Beside, true);
    this.panel.channel.post({
      type: 'showReply',
      reply: {
        replyId: reply.id,
        title: reply.title,
        cluster: reply.cluster,
        markdown: reply.markdown,
        actions: reply.inspection === undefined ? ACTIONS_WITH_SOURCE : [...ACTIONS_WITH_SOURCE, 'showRequest'],
      },
    });
  }

  private create(): NonNullable<ReplyPanel['panel']> {
    const webviewPanel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      vscode.l10n.t('Cluster Chat'),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      webviewOptions(this.extensionUri),
    );
    webviewPanel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'cluster-chat.svg');
    webviewPanel.webview.html = webviewHtml(webviewPanel.webview, this.extensionUri, 'reply', 'Cluster Chat');
    const channel: ReplyChannel = new WebviewChannel<WebviewToHostMessage, HostToWebviewMessage>(webviewPanel.webview, {
      name: 'reply view',
      parse: parseWebviewMessage,
      onReady: () => undefined,
      onMessage: (message): Promise<void> => this.codeAction(message, channel),
      log: this.log,
    });
    webviewPanel.onDidDispose(() => {
      channel.dispose();
      this.panel = undefined;
    });
    return { webviewPanel, channel };
  }

  private async codeAction(message: Extract<WebviewToHostMessage, { type: 'codeAction' }>, channel: ReplyChannel): Promise<void> {
    const reply = this.replies.get(message.replyId);
    if (!reply || !(ACTIONS_WITH_SOURCE.includes(message.action) || (message.action === 'showRequest' && reply.inspection !== undefined))) {
      return;
    }
    const run =
      message.action === 'continueInChat' ? this.continueInChat(reply) : this.actions.perform(reply, message.action, message.block);
    const ok = await run.catch((error: unknown) => {
      this.log.error(`Reply action ${message.action} failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    });
    channel.post({ type: 'actionDone', replyId: reply.id, action: message.action, ok });
  }

  dispose(): void {
    this.panel?.webviewPanel.dispose();
  }
}
