import type { CodeAction } from '../core/webviewProtocol';

/**
 * The protocol's CODE_ACTIONS, spelled out here because importing the protocol module's values
 * would bundle its validation library into the webview. The type makes the compiler reject any
 * difference from CODE_ACTIONS, in content or order.
 */
export const ACTION_ORDER: (typeof import('../core/webviewProtocol'))['CODE_ACTIONS'] = [
  'copy',
  'insert',
  'replace',
  'diff',
  'newFile',
  'continueInChat',
];

/** Which code block an action applies to: its index, or the whole reply. */
export type ActionTarget = number | 'all';

interface ActionText {
  /** The button's visible label. */
  readonly label: string;
  /** Shown briefly on the button after the host reports success. */
  readonly done: string;
}

const TEXTS: Record<CodeAction, ActionText> = {
  copy: { label: 'Copy', done: 'Copied' },
  insert: { label: 'Insert at Cursor', done: 'Inserted' },
  replace: { label: 'Replace Selection', done: 'Replaced' },
  diff: { label: 'Apply with Diff Preview', done: 'Diff Opened' },
  newFile: { label: 'Open in New File', done: 'Opened' },
  continueInChat: { label: 'Continue in Chat', done: 'Sent to Chat' },
};

/** Shown briefly on the button after the host reports a failure. */
export const FAILED_LABEL = 'Failed';

export function actionLabel(action: CodeAction): string {
  return TEXTS[action].label;
}

export function actionDoneLabel(action: CodeAction, ok: boolean): string {
  return ok ? TEXTS[action].done : FAILED_LABEL;
}

/** The accessible name of a button: its label plus the block it acts on. */
export function actionAriaLabel(label: string, target: ActionTarget): string {
  return target === 'all' ? `${label} (whole reply)` : `${label} (block ${target + 1})`;
}

/** The offered actions in display order (the order of CODE_ACTIONS), each once. */
export function orderedActions(offered: readonly CodeAction[]): CodeAction[] {
  return ACTION_ORDER.filter((action) => offered.includes(action));
}

export function isCodeAction(value: unknown): value is CodeAction {
  return typeof value === 'string' && (ACTION_ORDER as readonly string[]).includes(value);
}
