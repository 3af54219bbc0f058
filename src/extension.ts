import * as vscode from 'vscode';
import type { ClusterChatApi } from './api/vscode/clusterChatApi';
import { createClusterChatApi } from './api/vscode/createClusterChatApi';
import { registerApiKeyCommands } from './apiKey/vscode/apiKeyCommands';
import { registerChatCommands } from './chat/vscode/registerChatCommands';
import { ChatController } from './chat/vscode/chatController';
import { CHAT_VIEW_ID, ChatViewProvider } from './chat/vscode/chatViewProvider';
import { revealChat } from './chat/vscode/revealChat';
import { ReplyNotices } from './chat/vscode/replyNotices';
import { ApiKeyStore } from './apiKey/vscode/apiKeyStore';
import { ClusterClientProvider } from './requests/vscode/clusterClientProvider';
import { pickCluster } from './clusters/vscode/clusterPicker';
import { ClusterStore } from './clusters/vscode/clusterStore';
import { ConversationLogFiles } from './conversations/node/conversationLogFiles';
import { setTranslator } from './base/common/l10n';
import { ErrorPresenter } from './requests/vscode/errorPresenter';
import { extensionFolders, TEST_HOOKS_COMMAND, type TestHooks } from './api/vscode/testHooks';
import { ClusterModelProvider } from './languageModels/vscode/clusterModelProvider';
import { registerLanguageModels } from './languageModels/vscode/registerLanguageModels';
import { ClusterParticipant, registerClusterParticipant } from './participant/vscode/clusterParticipant';
import { openVsCodeChat } from './participant/vscode/openVsCodeChat';
import { ProposalDocuments } from './replies/vscode/proposalDocuments';
import { registerFileReviews } from './fileEdits/vscode/registerFileReviews';
import { ReplyActions } from './replies/vscode/replyActions';
import { registerReplyCommands } from './replies/vscode/replyCommands';
import { ReplyPanel } from './replies/vscode/replyPanel';
import { ReplyStore } from './replies/vscode/replyStore';
import { RequestPipeline } from './requests/vscode/requestPipeline';
import { RequestRunner } from './requests/vscode/requestRunner';
import { registerSelectionActions } from './replies/vscode/selectionActions';
import { ClusterStatusBar } from './clusters/vscode/clusterStatusBar';
import { registerCommitMessageCommands } from './commitMessage/vscode/commitMessageCommands';
import { registerExplainTerminalCommand } from './terminal/vscode/explainTerminalCommand';
import { TerminalWatcher } from './terminal/vscode/terminalWatcher';
import { ChatMentions } from './mentions/vscode/chatMentions';
import { CommitMentions } from './mentions/vscode/commitMentions';
import { MentionResolver } from './mentions/vscode/mentionResolver';
import { SearchMention } from './mentions/vscode/searchMention';
import { SymbolMentions } from './mentions/vscode/symbolMentions';
import { WorkspaceFiles } from './mentions/vscode/workspaceFiles';
import { registerCheckConnection } from './connection/vscode/checkConnectionCommand';
import { AskClusterTool } from './askClusterTool/vscode/askClusterTool';
import { registerAskClusterTool } from './askClusterTool/vscode/registerAskClusterTool';
import { WalkthroughProgress } from './walkthrough/vscode/walkthroughProgress';
import { RequestHistory } from './inspector/node/requestHistory';
import { registerInspector } from './inspector/vscode/inspectorCommands';
import { registerClusterCodeActions } from './lightbulb/vscode/clusterCodeActions';
import { registerProblemCommands } from './lightbulb/vscode/problemCommands';
import { registerEditInPlace } from './inlineEdit/vscode/editInPlaceCommand';
import { InlineProposals } from './inlineEdit/vscode/inlineProposals';
import { WorkspaceIgnore } from './guards/vscode/workspaceIgnore';
import { ActionPhraseGuard } from './guards/vscode/actionPhraseGuard';
import { SecretGuard } from './guards/vscode/secretGuard';
import { InstructionFileCache } from './instructions/vscode/instructionFileCache';
import { InstructionApprovals } from './instructions/vscode/instructionApprovals';
import { WorkspaceInstructions } from './instructions/vscode/workspaceInstructions';
import { RequestInstructions } from './instructions/vscode/requestInstructions';
import { PromptCommandCache } from './promptFiles/vscode/promptCommandCache';
import { UserFolder } from './base/vscode/userFolder';
import { FolderWatch } from './base/vscode/folderWatch';
import { PromptInsertions } from './promptFiles/vscode/promptInsertions';
import { ChatPrompts } from './promptFiles/vscode/chatPrompts';
import { ParticipantPrompts } from './promptFiles/vscode/participantPrompts';

/** Wires the extension's parts together; each part lives in its own module. */
export function activate(context: vscode.ExtensionContext): ClusterChatApi {
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
  const proposals = new ProposalDocuments();
  const workspaceIgnore = new WorkspaceIgnore();
  const inlineProposals = new InlineProposals(context.workspaceState);
  const fileReviews = registerFileReviews(context.globalStorageUri, context.globalState, workspaceIgnore, inlineProposals, log);
  const replies = new ReplyStore((document, title) => fileReviews.edits.keep(document, title));
  const actions = new ReplyActions(proposals, fileReviews.reviews);
  const requests = new RequestHistory();
  const pipeline = new RequestPipeline(clients, apiKeys, clusters, statusBar, log, requests);
  const conversationsFolder = vscode.Uri.joinPath(context.globalStorageUri, 'conversations').fsPath;
  const userFolder = new UserFolder(log);
  const instructionFiles = new InstructionFileCache(log, workspaceIgnore);
  const promptFiles = new PromptCommandCache(log, workspaceIgnore, userFolder);
  const instructions = new WorkspaceInstructions(instructionFiles, new InstructionApprovals(context.workspaceState), userFolder);
  const secretGuard = new SecretGuard(context.workspaceState);
  const phraseGuard = new ActionPhraseGuard((id) =>
    id === undefined ? clusters.active() : clusters.list().find((entry) => entry.id === id),
  );
  const requestInstructions = new RequestInstructions(instructions, secretGuard, phraseGuard);
  const promptInsertions = new PromptInsertions();
  const chat = new ChatController(new ConversationLogFiles(conversationsFolder), context.globalState, pipeline, clusters, actions, log, {
    instructions,
    phraseGuard,
    secretGuard,
    promptInsertions,
  });
  const panel = new ReplyPanel(context.extensionUri, replies, actions, log, async (reply) => {
    if (!reply.conversation) return false;
    await chat.importConversation(reply.conversation, reply.cluster);
    await revealChat(chat);
    return true;
  });
  const replyNotices = new ReplyNotices(async (conversationId) => {
    await chat.switchTo(conversationId);
    await revealChat(chat);
  });
  const terminalWatcher = new TerminalWatcher();
  const workspaceFiles = new WorkspaceFiles(workspaceIgnore, log);
  const mentionResolver = new MentionResolver(workspaceFiles, workspaceIgnore, terminalWatcher, {
    symbols: new SymbolMentions(workspaceIgnore),
    commits: new CommitMentions(workspaceIgnore),
    search: new SearchMention(workspaceIgnore),
  });
  const runner = new RequestRunner(pipeline, errors);
  const editDependencies = {
    runner,
    ignore: workspaceIgnore,
    instructions: requestInstructions,
    inline: inlineProposals,
    keep: (document: vscode.TextDocument, title: string) => fileReviews.edits.keep(document, title),
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
  const participant = new ClusterParticipant(
    pipeline,
    requestInstructions,
    workspaceIgnore,
    new ParticipantPrompts(promptFiles, workspaceIgnore),
  );
  const participantRegistration = registerClusterParticipant(participant, context.extensionUri, log);
  const languageModels = registerLanguageModels(() => new ClusterModelProvider(clusters, apiKeys, pipeline), log);
  const askClusterTool = new AskClusterTool(clusters, pipeline);
  const toolRegistration = registerAskClusterTool(askClusterTool, log);

  context.subscriptions.push(
    log,
    userFolder,
    instructionFiles,
    promptFiles,
    workspaceIgnore,
    workspaceFiles,
    clients,
    clusters,
    statusBar,
    replies,
    walkthrough,
    proposals,
    fileReviews.disposable,
    panel,
    registerApiKeyCommands(apiKeys, errors),
    registerSelectionActions({ runner, replies, panel, ignore: workspaceIgnore, instructions: requestInstructions }),
    registerReplyCommands(replies, actions, proposals),
    registerCommitMessageCommands(runner, workspaceIgnore, requestInstructions),
    inlineProposals,
    registerEditInPlace(editDependencies),
    registerClusterCodeActions(),
    registerProblemCommands(editDependencies, replies, panel),
    terminalWatcher,
    registerExplainTerminalCommand(terminalWatcher, runner, replies, panel, requestInstructions, workspaceIgnore),
    chat,
    replyNotices,
    chat.unread.onDidArrive((reply) => replyNotices.arrived(reply)),
    vscode.window.registerWebviewViewProvider(
      CHAT_VIEW_ID,
      new ChatViewProvider(
        context.extensionUri,
        chat,
        log,
        (view) => {
          walkthrough.chatOpened();
          replyNotices.attach(view);
        },
        instructions,
        (post) => new ChatPrompts(promptFiles, workspaceIgnore, post, promptInsertions),
        (post) => new ChatMentions(workspaceFiles, mentionResolver, (content) => chat.attachments.add(content), post),
      ),
    ),
    registerChatCommands(chat, workspaceIgnore),
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
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    const hooks: TestHooks = {
      apiKeys,
      clients,
      clusters,
      statusBar,
      replies,
      inlineProposals,
      pipeline,
      replyActions: actions,
      editCheckpoints: fileReviews.edits,
      classes: {
        ChatController,
        ConversationLogFiles,
        WorkspaceInstructions,
        InstructionApprovals,
        ActionPhraseGuard,
        SecretGuard,
        UserFolder,
        FolderWatch,
        ChatMentions,
      },
      mentions: { files: workspaceFiles, resolver: mentionResolver },
      instructionFiles,
      userFolder,
      requestInstructions,
      chat,
      replyNotices,
      requests,
      terminalWatcher,
      folders: extensionFolders(context),
      participant: participantRegistration ? participant : undefined,
      askClusterTool: toolRegistration ? askClusterTool : undefined,
      languageModelsRegistered: languageModels !== undefined,
      activationMs,
    };
    context.subscriptions.push(vscode.commands.registerCommand(TEST_HOOKS_COMMAND, () => hooks));
  }
  return api;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
