import type { ApiKeyStore } from '../../apiKey/vscode/apiKeyStore';
import type { ReplyNotices } from '../../chat/vscode/replyNotices';
import type { ChatController } from '../../chat/vscode/chatController';
import type { ClusterClientProvider } from '../../requests/vscode/clusterClientProvider';
import type { ClusterStatusBar } from '../../clusters/vscode/clusterStatusBar';
import type { ClusterStore } from '../../clusters/vscode/clusterStore';
import type { ClusterParticipant } from '../../participant/vscode/clusterParticipant';
import type { InlineProposals } from '../../inlineEdit/vscode/inlineProposals';
import type { ReplyStore } from '../../replies/vscode/replyStore';
import type { AskClusterTool } from '../../askClusterTool/vscode/askClusterTool';
import type { RequestHistory } from '../../inspector/node/requestHistory';
import type { TerminalWatcher } from '../../terminal/vscode/terminalWatcher';

/** The command that hands the extension's own integration tests its parts; registered in test mode only. */
export const TEST_HOOKS_COMMAND = 'clusterChat.testHooks';

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
  readonly chat: ChatController;
  /** The badge and notification for replies that arrive unseen; its threshold can be shortened. */
  readonly replyNotices: ReplyNotices;
  /** The request inspector's records of the last 50 requests. */
  readonly requests: RequestHistory;
  /** The last finished command of each terminal with shell integration. */
  readonly terminalWatcher: TerminalWatcher;
  /** The extension host's log folder, which holds the Output channel's file. */
  readonly logFolder: string;
  /** Where conversations are saved. */
  readonly conversationsFolder: string;
  /** `@cluster`'s handler, to run with chat objects (undefined where VS Code has no chat API). */
  readonly participant: ClusterParticipant | undefined;
  /** The "Ask a cluster" tool as registered (undefined where VS Code has no tool API), to prepare calls as the Chat view would. */
  readonly askClusterTool: AskClusterTool | undefined;
  /** Whether the clusters were registered as language models. */
  readonly languageModelsRegistered: boolean;
  /** How long `activate()` itself took, in milliseconds. */
  readonly activationMs: number;
}
