import type { ErrorAction } from '../common/chatProtocol';
import type { CodeAction } from '../../replies/common/replyProtocol';
import type { WebviewStringKey } from '../../webview/common/webviewStrings';
import { text } from '../../webview/browser/strings';

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
