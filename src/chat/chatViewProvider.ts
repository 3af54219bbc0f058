import * as vscode from 'vscode';
import type { ChatToHostMessage, HostToChatMessage } from '../core/protocol/chatProtocol';
import { parseChatMessage } from '../core/protocol/chatToHostSchema';
import { WebviewChannel } from '../webviewHost/webviewChannel';
import { webviewHtml, webviewOptions } from '../webviewHost/webviewHtml';
import type { ChatController, ChatViewConnection } from './chatController';

export const CHAT_VIEW_ID = 'clusterChat.chatView';

type ViewMessage = Exclude<ChatToHostMessage, { type: 'ready' | 'openLink' }>;

/** Gestures in the chat view that the extension's own commands carry out. */
const COMMANDS: Record<'addSelection' | 'addFile' | 'selectCluster', string> = {
  addSelection: 'clusterChat.addSelectionToChat',
  addFile: 'clusterChat.addFileToChat',
  selectCluster: 'clusterChat.selectCluster',
};

/**
 * The sidebar chat as a webview view. It keeps no state of its own (no retainContextWhenHidden):
 * each time the view is shown the webview asks for the state again. The channel checks every
 * message from the webview; here each is handed to the controller or a command.
 */
export class ChatViewProvider implements vscode.WebviewViewProvider {
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    view.webview.options = webviewOptions(this.extensionUri);
    view.webview.html = webviewHtml(view.webview, this.extensionUri, 'chat', vscode.l10n.t('Cluster Chat'));
    const channel = new WebviewChannel<ChatToHostMessage, HostToChatMessage>(view.webview, {
      name: 'chat view',
      parse: parseChatMessage,
      onReady: () => {
        this.controller.attach(connection);
        return this.controller.sendState();
      },
      onMessage: (message) => this.dispatch(message),
      log: this.log,
    });
    const connection: ChatViewConnection = { post: (message) => channel.post(message) };
    view.onDidDispose(() => {
      channel.dispose();
      this.controller.detach(connection);
    });
  }

  private dispatch(message: ViewMessage): unknown {
    const chat = this.controller;
    switch (message.type) {
      case 'addSelection':
      case 'addFile':
      case 'selectCluster':
        return vscode.commands.executeCommand(COMMANDS[message.type]);
      case 'send':
        return chat.send(message.text);
      case 'editAndResend':
        return chat.editAndResend(message.index, message.text);
      case 'stop':
        return chat.stop();
      case 'draftChanged':
        return chat.draftChanged(message.text);
      case 'codeAction':
        return chat.codeAction(message.reply, message.action, message.block);
      case 'regenerate':
        return chat.regenerate();
      case 'copyMessage':
        return chat.copyMessage(message.index);
      case 'errorAction':
        return chat.errorAction(message.action);
      case 'setSystemPrompt':
        return chat.setSystemPrompt(message.text);
      case 'newChat':
        return chat.newChat();
      case 'removeAttachment':
        return chat.removeAttachment(message.id);
      case 'switchConversation':
        return chat.switchTo(message.id);
      case 'renameConversation':
        return chat.rename(message.id);
      case 'deleteConversation':
        return chat.delete(message.id);
      case 'export':
        return vscode.commands.executeCommand(message.format === 'json' ? 'clusterChat.exportChatJson' : 'clusterChat.exportChatMarkdown');
    }
    return undefined;
  }
}
