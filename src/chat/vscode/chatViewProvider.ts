import * as vscode from 'vscode';
import type { ChatToHostMessage, HostToChatMessage } from '../common/chatProtocol';
import { parseChatMessage } from '../common/chatToHostSchema';
import { WebviewChannel } from '../../webview/vscode/webviewChannel';
import { webviewHtml, webviewOptions } from '../../webview/vscode/webviewHtml';
import type { ChatController, ChatViewConnection } from './chatController';
import { earlierMessages } from './chatViewModels';
import { InstructionsLine } from './instructionsLine';
import type { WorkspaceInstructions } from '../../instructions/vscode/workspaceInstructions';
import type { ChatPrompts } from '../../promptFiles/vscode/chatPrompts';
import type { ChatMentions } from '../../mentions/vscode/chatMentions';

export const CHAT_VIEW_ID = 'clusterChat.chatView';

type ViewMessage = Exclude<ChatToHostMessage, { type: 'ready' | 'openLink' }>;
type MessageOfType = { [Type in ViewMessage['type']]: Extract<ViewMessage, { type: Type }> };
/** One handler per message type; a type without one does not compile. */
type Handlers = { readonly [Type in keyof MessageOfType]: (message: MessageOfType[Type]) => unknown };

function handlersFor(
  chat: ChatController,
  post: (message: HostToChatMessage) => void,
  line: InstructionsLine | undefined,
  prompts: ChatPrompts | undefined,
  mentions: ChatMentions | undefined,
): Handlers {
  const command = (id: string) => () => vscode.commands.executeCommand(id);
  return {
    loadEarlier: ({ conversationId, before }) => post(earlierMessages(chat.activeConversation(), conversationId, before)),
    send: ({ text }) => chat.send(text),
    stop: () => chat.stop(),
    draftChanged: ({ text }) => chat.draftChanged(text),
    editAndResend: ({ index, text, inNewChat }) => chat.editAndResend(index, text, inNewChat),
    copyMessage: ({ index }) => chat.codeActions.copy(index),
    setExcluded: ({ index, excluded }) => chat.nextSend.setExcluded(index, excluded),
    forkConversation: ({ index }) => chat.fork(index),
    reviewFiles: ({ index }) => chat.codeActions.reviewFiles(index),
    undoTurn: ({ index }) => chat.codeActions.undoTurn(index),
    frozenInstructions: ({ index }) => chat.nextSend.postFrozenInstructions(index),
    codeAction: ({ reply, action, block }) => chat.codeActions.perform(reply, action, block),
    regenerate: () => chat.regenerate(),
    errorAction: ({ action }) => chat.errorAction(action),
    addSelection: command('clusterChat.addSelectionToChat'),
    removeAttachment: ({ id }) => chat.attachments.remove(id),
    addFile: command('clusterChat.addFileToChat'),
    setSystemPrompt: ({ text }) => chat.nextSend.setSystemPrompt(text),
    switchConversation: ({ id }) => chat.switchTo(id),
    selectCluster: command('clusterChat.selectCluster'),
    renameConversation: ({ id }) => chat.rename(id),
    deleteConversation: ({ id }) => chat.delete(id),
    searchHistory: ({ requestId, query }) => chat.search.search(requestId, query),
    listHistory: async () => post(await chat.history.wantWhole()),
    openInstruction: ({ uri }) => line?.open(uri),
    setInstructionOn: ({ uri, on }) => line?.setOn(uri, on),
    expandPrompt: ({ line: typed }) => prompts?.expand(typed),
    mentionQuery: ({ requestId, query }) => mentions?.query(requestId, query),
    mention: ({ kind, name, ref }) => mentions?.choose(kind, name, ref),
    dropUris: ({ uris }) => mentions?.dropped(uris),
    pastedPath: ({ text }) => mentions?.pasted(text),
  };
}

/** Hands a message to its own handler (the mapped types let the compiler pair the two). */
function dispatch<Type extends keyof MessageOfType>(handlers: Handlers, type: Type, message: MessageOfType[Type]): unknown {
  return handlers[type](message);
}

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
    /** Told each time the view is resolved (the walkthrough's "open the chat" step, the view's badge). */
    private readonly onShown: (view: vscode.WebviewView) => void = () => undefined,
    /** The workspace's instruction files, for the line above the composer (none without). */
    private readonly instructions?: WorkspaceInstructions,
    /** The workspace's prompt files as slash commands, for a view that posts with `post` (none without). */
    private readonly promptsFor?: (post: (message: HostToChatMessage) => void) => ChatPrompts,
    /** `@` mentions of the workspace, for a view that posts with `post` (none without). */
    private readonly mentionsFor?: (post: (message: HostToChatMessage) => void) => ChatMentions,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.onShown(view);
    const line = this.instructions
      ? new InstructionsLine(
          this.instructions,
          () => this.controller.attachments.all,
          (message) => channel.post(message),
        )
      : undefined;
    const prompts = this.promptsFor?.((message) => channel.post(message));
    const mentions = this.mentionsFor?.((message) => channel.post(message));
    const handlers = handlersFor(this.controller, (message) => channel.post(message), line, prompts, mentions);
    view.webview.options = webviewOptions(this.extensionUri);
    view.webview.html = webviewHtml(view.webview, this.extensionUri, 'chat', vscode.l10n.t('Cluster Chat'));
    const channel = new WebviewChannel<ChatToHostMessage, HostToChatMessage>(view.webview, {
      name: 'chat view',
      parse: parseChatMessage,
      onReady: () => {
        this.controller.attach(connection);
        void line?.refresh();
        void prompts?.refresh();
        return this.controller.sendState(true);
      },
      onMessage: (message) => dispatch(handlers, message.type, message),
      log: this.log,
    });
    const connection: ChatViewConnection = {
      post: (message) => {
        channel.post(message);
        if (message.type === 'attachments') {
          // The attached files are in question too: other instructions may apply to them.
          void line?.refresh();
        }
      },
    };
    view.onDidDispose(() => {
      line?.dispose();
      prompts?.dispose();
      channel.dispose();
      this.controller.detach(connection);
    });
  }
}
