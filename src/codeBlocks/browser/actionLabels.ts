import { CODE_ACTIONS, type CodeAction } from '../../replies/common/replyProtocol';
import type { WebviewStringKey } from '../../webview/common/webviewStrings';
import { text } from '../../webview/browser/strings';

/** Which code block an action applies to: its index, or the whole reply. */
export type ActionTarget = number | 'all';

const LABEL_KEYS: Record<CodeAction, { readonly label: WebviewStringKey; readonly done: WebviewStringKey }> = {
  copy: { label: 'copy', done: 'copyDone' },
  insert: { label: 'insert', done: 'insertDone' },
  replace: { label: 'replace', done: 'replaceDone' },
  diff: { label: 'diff', done: 'diffDone' },
  newFile: { label: 'newFile', done: 'newFileDone' },
  continueInChat: { label: 'continueInChat', done: 'continueInChatDone' },
  showRequest: { label: 'showRequest', done: 'showRequestDone' },
};

/** The button's visible label. */
export function actionLabel(action: CodeAction): string {
  return text(LABEL_KEYS[action].label);
}

/** Shown briefly on the button after the host reports the outcome. */
export function actionDoneLabel(action: CodeAction, ok: boolean): string {
  return ok ? text(LABEL_KEYS[action].done) : text('failed');
}

/** The accessible name of a button: its label plus the block it acts on. */
export function actionAriaLabel(label: string, target: ActionTarget): string {
  return target === 'all' ? text('targetWholeReply', label) : text('targetBlock', label, target + 1);
}

/** The offered actions in display order (the order of CODE_ACTIONS), each once. */
export function orderedActions(offered: readonly CodeAction[]): CodeAction[] {
  return CODE_ACTIONS.filter((action) => offered.includes(action));
}

export function isCodeAction(value: unknown): value is CodeAction {
  return typeof value === 'string' && (CODE_ACTIONS as readonly string[]).includes(value);
}
