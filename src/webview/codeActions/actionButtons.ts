import type { CodeAction } from '../../core/protocol/replyProtocol';
import { actionAriaLabel, actionLabel, isCodeAction, orderedActions, type ActionTarget } from './actionLabels';

/**
 * The action buttons of a toolbar:
 * `<button type="button" class="action-button" data-action="copy" data-block="0|all" aria-label="Copy (block 1)">Copy</button>`.
 */

export const ACTION_BUTTON_SELECTOR = 'button.action-button';

export interface ButtonAction {
  readonly action: CodeAction;
  readonly block: ActionTarget;
}

export function createActionButton(action: CodeAction, block: ActionTarget): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'action-button';
  button.dataset['action'] = action;
  button.dataset['block'] = String(block);
  setButtonLabel(button, actionLabel(action), block);
  return button;
}

/** Appends one button per offered action, in display order. */
export function appendActionButtons(toolbar: HTMLElement, actions: readonly CodeAction[], block: ActionTarget): void {
  for (const action of orderedActions(actions)) {
    toolbar.append(createActionButton(action, block));
  }
}

export function setButtonLabel(button: HTMLButtonElement, label: string, block: ActionTarget): void {
  button.textContent = label;
  button.setAttribute('aria-label', actionAriaLabel(label, block));
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
