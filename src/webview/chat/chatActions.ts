import type { ErrorAction } from '../../core/protocol/chatProtocol';
import type { CodeAction } from '../../core/protocol/replyProtocol';
import type { WebviewStringKey } from '../../core/protocol/webviewStrings';
import { text } from '../common/strings';

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
