import type { ErrorAction } from '../core/protocol/chatProtocol';
import type { CodeAction } from '../core/protocol/replyProtocol';
import type { WebviewStringKey } from '../core/protocol/webviewStrings';
import { text } from './strings';

/** What a code block in a chat reply offers (continuing in chat makes no sense inside the chat). */
export const CHAT_CODE_ACTIONS: readonly CodeAction[] = ['copy', 'insert', 'replace', 'diff', 'newFile'];

const ERROR_LABEL_KEYS: Record<ErrorAction, WebviewStringKey> = {
  retry: 'retry',
  updateApiKey: 'updateApiKey',
  selectCluster: 'selectCluster',
  openSettings: 'openSettings',
  showLog: 'showLog',
};

export function errorActionLabel(action: ErrorAction): string {
  return text(ERROR_LABEL_KEYS[action]);
}

/** The reply id of chat message `index`, as the host expects it in `codeAction`. */
export function chatReplyId(conversationId: string, index: number): string {
  return `${conversationId}:${index}`;
}

/** The message index a reply id of this conversation names, else undefined. */
export function replyIdIndex(conversationId: string, replyId: string): number | undefined {
  const prefix = `${conversationId}:`;
  if (!replyId.startsWith(prefix)) {
    return undefined;
  }
  const rest = replyId.slice(prefix.length);
  return /^\d{1,7}$/.test(rest) ? Number(rest) : undefined;
}
