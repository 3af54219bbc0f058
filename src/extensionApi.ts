import type { ApiKeyStore } from './apiKeyStore';
import type { ChatController } from './chat/chatController';
import type { ClusterClientProvider } from './clusterClientProvider';
import type { ClusterStore } from './clusterStore';
import type { ReplyStore } from './replyStore';

/**
 * What `activate()` returns. The hooks under `testing` exist only when VS Code runs the extension
 * in test mode (its own integration tests); other extensions never see them.
 */
export interface ClusterChatExports {
  readonly testing?: {
    readonly apiKeys: ApiKeyStore;
    readonly clients: ClusterClientProvider;
    readonly clusters: ClusterStore;
    readonly replies: ReplyStore;
    readonly chat: ChatController;
    /** Where conversations are saved (one JSON file each). */
    readonly conversationsFolder: string;
  };
}
