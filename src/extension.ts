import * as vscode from 'vscode';
import { createClusterChatApi } from './api/createClusterChatApi';
import { registerApiKeyCommands } from './service/apiKeyCommands';
import { registerChatCommands } from './chat/registerChatCommands';
import { ChatController } from './chat/chatController';
import { CHAT_VIEW_ID, ChatViewProvider } from './chat/chatViewProvider';
import { ReplyNotices } from './chat/replyNotices';
import { ApiKeyStore } from './service/apiKeyStore';
import { ClusterClientProvider } from './service/clusterClientProvider';
import { pickCluster } from './clusters/clusterPicker';
import { ClusterStore } from './clusters/clusterStore';
import { ConversationLogFiles } from './core/chat/conversationLogFiles';
import { setTranslator } from './core/l10n';
import { ErrorPresenter } from './service/errorPresenter';
import type { ClusterChatExports } from './api/extensionApi';
import { ClusterModelProvider } from './languageModels/clusterModelProvider';
import { registerLanguageModels } from './languageModels/registerLanguageModels';
import { ClusterParticipant, registerClusterParticipant } from './participant/clusterParticipant';
import { openVsCodeChat } from './participant/openVsCodeChat';
import { ProposalDocuments } from './replies/proposalDocuments';
import { ReplyActions } from './replies/replyActions';
import { registerReplyCommands } from './replies/replyCommands';
import { ReplyPanel } from './replies/replyPanel';
import { ReplyStore } from './replies/replyStore';
import { RequestPipeline } from './service/requestPipeline';
import { RequestRunner } from './replies/requestRunner';
import { registerSelectionActions } from './replies/selectionActions';
import { ClusterStatusBar } from './clusters/clusterStatusBar';
import { registerCommitMessageCommands } from './sourceControl/commitMessageCommands';
import { registerExplainTerminalCommand } from './terminal/explainTerminalCommand';
import { TerminalWatcher } from './terminal/terminalWatcher';
import { registerCheckConnection } from './connection/checkConnectionCommand';
import { AskClusterTool } from './tools/askClusterTool';
import { registerAskClusterTool } from './tools/registerAskClusterTool';
import { WalkthroughProgress } from './walkthrough/walkthroughProgress';
import { RequestHistory } from './core/inspector/requestHistory';
import { registerInspector } from './inspector/inspectorCommands';
import { registerClusterCodeActions } from './codeActions/clusterCodeActions';
import { registerProblemCommands } from './codeActions/problemCommands';
import { registerEditInPlace } from './inlineEdit/editInPlaceCommand';
import { InlineProposals } from './inlineEdit/inlineProposals';

/** Wires the extension's parts together; each part lives in its own module. */
export function activate(context: vscode.ExtensionContext): ClusterChatExports {
  const started = performance.now();
  setTranslator((message, ...args) => vscode.l10n.t(message, ...args));
  const log = vscode.window.createOutputChannel('Cluster Chat', { log: true });
  const packageVersion = (context.extension.packageJSON as { version?: unknown }).version;
  const version = typeof packageVersion === 'string' ? packageVersion : '0.0.0';
  const apiKeys = new ApiKeyStore(context.secrets);
  const userAgent = `cluster-chat/${version} (VS Code ${vscode.version})`;
  const clients = new ClusterClientProvider(log, userAgent);
  const clusters = new ClusterStore(context);
  const statusBar = new ClusterStatusBar(clusters);
  const errors = new ErrorPresenter(log);
  const replies = new ReplyStore();
  const proposals = new ProposalDocuments();
  const actions = new ReplyActions(proposals);
  const requests = new RequestHistory();
  const pipeline = new RequestPipeline(clients, apiKeys, clusters, statusBar, log, requests);
  const conversationsFolder = vscode.Uri.joinPath(context.globalStorageUri, 'conversations').fsPath;
  const chat = new ChatController(new ConversationLogFiles(conversationsFolder), context.globalState, pipeline, clusters, actions, log);
  const panel = new ReplyPanel(context.extensionUri, replies, actions, log, async (reply) => {
    if (!reply.conversation) {
      return false;
    }
    await chat.importConversation(reply.conversation, reply.cluster);
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
    return true;
  });
  const replyNotices = new ReplyNotices(async (conversationId) => {
    await chat.switchTo(conversationId);
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  });
  const terminalWatcher = new TerminalWatcher();
  const runner = new RequestRunner(pipeline, errors);
  const inlineProposals = new InlineProposals();
  const editDependencies = {
    runner,
    inline: inlineProposals,
    proposals,
    showReply: (markdown: string, title: string, cluster: string) =>
      panel.show(replies.add({ title, cluster, markdown, source: undefined })),
  };
  const walkthrough = new WalkthroughProgress(context.globalState, {
    hasKey: () => pipeline.hasApiKey(),
    hasCluster: () => clusters.active() !== undefined,
    onKeyChanged: (listener) => apiKeys.onDidChange(listener),
    onClusterChanged: clusters.onDidChangeActive,
    onReplyShown: replies.onDidAdd,
  });
  const { api, disposable: apiDisposable } = createClusterChatApi(clusters, pipeline, log);
  const participant = new ClusterParticipant(pipeline);
  const participantRegistration = registerClusterParticipant(participant, context.extensionUri, log);
  const languageModels = registerLanguageModels(() => new ClusterModelProvider(clusters, apiKeys, pipeline), log);
  const askClusterTool = new AskClusterTool(clusters, pipeline);
  const toolRegistration = registerAskClusterTool(askClusterTool, log);

  context.subscriptions.push(
    log,
    clients,
    clusters,
    statusBar,
    replies,
    walkthrough,
    proposals,
    panel,
    registerApiKeyCommands(apiKeys, errors),
    registerSelectionActions(runner, replies, panel),
    registerReplyCommands(replies, actions, proposals),
    registerCommitMessageCommands(runner),
    inlineProposals,
    registerEditInPlace(editDependencies),
    registerClusterCodeActions(),
    registerProblemCommands(editDependencies, replies, panel),
    terminalWatcher,
    registerExplainTerminalCommand(terminalWatcher, runner, replies, panel),
    chat,
    replyNotices,
    chat.unread.onDidArrive((reply) => replyNotices.arrived(reply)),
    vscode.window.registerWebviewViewProvider(
      CHAT_VIEW_ID,
      new ChatViewProvider(context.extensionUri, chat, log, (view) => {
        walkthrough.chatOpened();
        replyNotices.attach(view);
      }),
    ),
    registerChatCommands(chat),
    vscode.commands.registerCommand('clusterChat.selectCluster', () => pickCluster(clusters)),
    vscode.commands.registerCommand('clusterChat.showLog', () => log.show(true)),
    registerCheckConnection(log, userAgent),
    registerInspector(requests),
    vscode.commands.registerCommand('clusterChat.openVsCodeChat', () => openVsCodeChat(pipeline, languageModels !== undefined)),
    apiDisposable,
    ...(participantRegistration ? [participantRegistration] : []),
    ...(languageModels ? [languageModels] : []),
    ...(toolRegistration ? [toolRegistration] : []),
  );
  const activationMs = performance.now() - started;
  log.info(`Cluster Chat ${version} started in VS Code ${vscode.version} (activated in ${activationMs.toFixed(1)} ms).`);
  if (context.extensionMode !== vscode.ExtensionMode.Test) {
    return api;
  }
  const testing = {
    apiKeys,
    clients,
    clusters,
    statusBar,
    replies,
    inlineProposals,
    chat,
    replyNotices,
    requests,
    terminalWatcher,
    logFolder: vscode.Uri.joinPath(context.logUri, '..').fsPath,
    conversationsFolder,
    participant: participantRegistration ? participant : undefined,
    askClusterTool: toolRegistration ? askClusterTool : undefined,
    languageModelsRegistered: languageModels !== undefined,
    activationMs,
  };
  return { ...api, testing };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
