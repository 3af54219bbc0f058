import type { CodeAction } from '../../replies/common/replyProtocol';
import { codicon } from '../../webview/browser/codicons';
import type { CodiconName } from '../../webview/browser/codiconNames';
import { text } from '../../webview/browser/strings';
import { actionAriaLabel, actionLabel, isCodeAction, orderedActions, type ActionTarget } from './actionLabels';

/**
 * A toolbar's actions, as VS Code's chat shows them: the frequent ones as icon buttons, the rest
 * in a `…` menu.
 *
 * ```html
 * <button type="button" class="action-button" data-action="copy" data-block="0" aria-label="Copy (block 1)" title="Copy">
 *   <span class="codicon codicon-copy" aria-hidden="true"></span></button>
 * … Insert, Apply with Diff …
 * <button type="button" class="action-more" aria-haspopup="menu" aria-expanded="false" aria-label="More Actions… (block 1)" title="More Actions…">…</button>
 * <div class="action-menu" role="menu" hidden>
 *   <button type="button" class="action-button" role="menuitem" tabindex="-1" data-action="replace" data-block="0" …>
 *     <span class="codicon codicon-replace" aria-hidden="true"></span><span class="action-text">Replace Selection</span></button>
 * </div>
 * ```
 */

export const ACTION_BUTTON_SELECTOR = 'button.action-button';

/** Shown as icon buttons; the other offered actions go into the `…` menu. */
const PRIMARY_ACTIONS: readonly CodeAction[] = ['copy', 'insert', 'diff'];

const ICONS: Record<CodeAction, CodiconName> = {
  copy: 'copy',
  insert: 'insert',
  replace: 'replace',
  diff: 'diff',
  newFile: 'new-file',
  continueInChat: 'comment-discussion',
  showRequest: 'inspect',
};

export interface ButtonAction {
  readonly action: CodeAction;
  readonly block: ActionTarget;
}

export function createActionButton(action: CodeAction, block: ActionTarget, inMenu = false): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'action-button';
  button.dataset['action'] = action;
  button.dataset['block'] = String(block);
  button.append(codicon(ICONS[action]));
  if (inMenu) {
    button.setAttribute('role', 'menuitem');
    button.tabIndex = -1;
    const label = document.createElement('span');
    label.className = 'action-text';
    button.append(label);
  }
  setButtonLabel(button, actionLabel(action), block);
  return button;
}

/** Appends the offered actions in display order: icon buttons, then the `…` button and its menu. */
export function appendActionButtons(toolbar: HTMLElement, actions: readonly CodeAction[], block: ActionTarget): void {
  const offered = orderedActions(actions);
  for (const action of offered.filter((each) => PRIMARY_ACTIONS.includes(each))) {
    toolbar.append(createActionButton(action, block));
  }
  const rest = offered.filter((each) => !PRIMARY_ACTIONS.includes(each));
  if (rest.length === 0) {
    return;
  }
  const more = document.createElement('button');
  more.type = 'button';
  more.className = 'action-more';
  more.setAttribute('aria-haspopup', 'menu');
  more.setAttribute('aria-expanded', 'false');
  more.title = text('moreActions');
  more.setAttribute('aria-label', actionAriaLabel(text('moreActions'), block));
  more.append(codicon('ellipsis'));
  const menu = document.createElement('div');
  menu.className = 'action-menu';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', text('moreActions'));
  menu.hidden = true;
  menu.append(...rest.map((action) => createActionButton(action, block, true)));
  toolbar.append(more, menu);
}

/** The tooltip, the accessible name (naming the block) and, in a menu, the visible text. */
export function setButtonLabel(button: HTMLButtonElement, label: string, block: ActionTarget): void {
  button.title = label;
  button.setAttribute('aria-label', actionAriaLabel(label, block));
  const visible = button.querySelector(':scope > .action-text');
  if (visible) {
    visible.textContent = label;
  }
}

/** The glyph an action's button shows. */
export function actionIcon(action: CodeAction): CodiconName {
  return ICONS[action];
}

/** What a button does, read back from its data attributes; undefined if they are not valid. */
export function readButtonAction(button: HTMLElement): ButtonAction | undefined {
  const { action, block } = button.dataset;
  if (!isCodeAction(action) || block === undefined) {
    return undefined;
  }
  if (block === 'all') {
    return { action, block };
  }
  return /^\d{1,6}$/.test(block) ? { action, block: Number(block) } : undefined;
}
