import * as vscode from 'vscode';
import type { ApiKeyStore } from '../../apiKey/vscode/apiKeyStore';
import type { ReplyNotices } from '../../chat/vscode/replyNotices';
import type { ChatController } from '../../chat/vscode/chatController';
import type { ConversationLogFiles } from '../../conversations/node/conversationLogFiles';
import type { ClusterClientProvider } from '../../requests/vscode/clusterClientProvider';
import type { ClusterStatusBar } from '../../clusters/vscode/clusterStatusBar';
import type { ClusterStore } from '../../clusters/vscode/clusterStore';
import type { ClusterParticipant } from '../../participant/vscode/clusterParticipant';
import type { InlineProposals } from '../../inlineEdit/vscode/inlineProposals';
import type { ReplyStore } from '../../replies/vscode/replyStore';
import type { ReplyActions } from '../../replies/vscode/replyActions';
import type { EditCheckpoints } from '../../fileEdits/vscode/editCheckpoints';
import type { RequestPipeline } from '../../requests/vscode/requestPipeline';
import type { AskClusterTool } from '../../askClusterTool/vscode/askClusterTool';
import type { RequestHistory } from '../../inspector/node/requestHistory';
import type { TerminalWatcher } from '../../terminal/vscode/terminalWatcher';

import type { WorkspaceInstructions } from '../../instructions/vscode/workspaceInstructions';
import type { InstructionApprovals } from '../../instructions/vscode/instructionApprovals';
import type { ActionPhraseGuard } from '../../guards/vscode/actionPhraseGuard';
import type { SecretGuard } from '../../guards/vscode/secretGuard';
import type { InstructionFileCache } from '../../instructions/vscode/instructionFileCache';
import type { UserFolder } from '../../base/vscode/userFolder';
import type { FolderWatch } from '../../base/vscode/folderWatch';
import type { ChatMentions } from '../../mentions/vscode/chatMentions';
import type { MentionResolver } from '../../mentions/vscode/mentionResolver';
import type { WorkspaceFiles } from '../../mentions/vscode/workspaceFiles';
import type { RequestInstructions } from '../../instructions/vscode/requestInstructions';

/** The command that hands the extension's own integration tests its parts; registered in test mode only. */
export const TEST_HOOKS_COMMAND = 'clusterChat.testHooks';

/** The extension's folders on disk. */
export interface ExtensionFolders {
  /** The extension host's log folder, which holds the Output channels' files. */
  readonly logs: string;
  /** The extension's global storage: conversations and checkpoints. */
  readonly globalStorage: string;
}

/** The folders of the extension running in `context`. */
export function extensionFolders(context: vscode.ExtensionContext): ExtensionFolders {
  return { logs: vscode.Uri.joinPath(context.logUri, '..').fsPath, globalStorage: context.globalStorageUri.fsPath };
}

/**
 * The extension's parts, for its own integration tests: they exist only when VS Code runs the
 * extension in test mode, through `TEST_HOOKS_COMMAND`, never in what `activate()` returns to
 * other extensions (`ClusterChatApi`).
 */
export interface TestHooks {
  readonly apiKeys: ApiKeyStore;
  readonly clients: ClusterClientProvider;
  readonly clusters: ClusterStore;
  /** Shows how many requests are under way: every caller's requests pass through it. */
  readonly statusBar: ClusterStatusBar;
  readonly replies: ReplyStore;
  /** The pending edit proposals shown in editors (Edit in Place, Fix with Cluster). */
  readonly inlineProposals: InlineProposals;
  /** The one request pipeline, to hand a part a test constructs itself. */
  readonly pipeline: RequestPipeline;
  /** Insert, replace and diff for code from replies, to hand a part a test constructs itself. */
  readonly replyActions: ReplyActions;
  readonly editCheckpoints: EditCheckpoints;
  /**
   * The bundle's own classes of the parts a test constructs itself. Built from src/ by tsc, a test
   * has copies of them whose errors are other classes: the pipeline's ClusterError would not be an
   * instance of the copy's, and the test would not run the code that ships.
   */
  readonly classes: {
    readonly ChatController: typeof ChatController;
    readonly ConversationLogFiles: typeof ConversationLogFiles;
    readonly WorkspaceInstructions: typeof WorkspaceInstructions;
    readonly InstructionApprovals: typeof InstructionApprovals;
    readonly ActionPhraseGuard: typeof ActionPhraseGuard;
    readonly SecretGuard: typeof SecretGuard;
    readonly UserFolder: typeof UserFolder;
    readonly FolderWatch: typeof FolderWatch;
    readonly ChatMentions: typeof ChatMentions;
  };
  /** The workspace's files as `@` offers them, and what a chosen mention attaches. */
  readonly mentions: { readonly files: WorkspaceFiles; readonly resolver: MentionResolver };
  /** The workspace's instruction files as found and watched. */
  readonly instructionFiles: InstructionFileCache;
  /** The user's own instruction and prompt files (setting `clusterChat.userFolder`). */
  readonly userFolder: UserFolder;
  /** The instructions of every request but the chat's, the language models' and the tool's; a test hands it its own source. */
  readonly requestInstructions: RequestInstructions;
  /** The chat behind the sidebar view: what its commands attach for the next message. */
  readonly chat: ChatController;
  /** The badge and notification for replies that arrive unseen; its threshold can be shortened. */
  readonly replyNotices: ReplyNotices;
  /** The request inspector's records of the last 50 requests. */
  readonly requests: RequestHistory;
  /** The last finished command of each terminal with shell integration. */
  readonly terminalWatcher: TerminalWatcher;
  /** Where the extension keeps its files, for tests that read them or make them fail. */
  readonly folders: ExtensionFolders;
  /** `@cluster`'s handler, to run with chat objects (undefined where VS Code has no chat API). */
  readonly participant: ClusterParticipant | undefined;
  /** The "Ask a cluster" tool as registered (undefined where VS Code has no tool API), to prepare calls as the Chat view would. */
  readonly askClusterTool: AskClusterTool | undefined;
  /** Whether the clusters were registered as language models. */
  readonly languageModelsRegistered: boolean;
  /** How long `activate()` itself took, in milliseconds. */
  readonly activationMs: number;
}
