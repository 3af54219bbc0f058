import type { ChatMessageRef, ChatToHostMessage } from '../common/chatProtocol';
import type { CodeAction } from '../../replies/common/replyProtocol';
import { ACTION_BUTTON_SELECTOR, readButtonAction } from '../../codeBlocks/browser/actionButtons';
import { isRecoveryAction } from '../../webview/common/recoveryActions';
import { commandMessage, TOGGLE_HISTORY } from './chatCommands';

/** What a click on one of the chat view's buttons asks for. */
export type ChatClick =
  /** Post this message as it is. */
  | { readonly kind: 'post'; readonly message: ChatToHostMessage }
  | { readonly kind: 'toggleHistory' }
  | { readonly kind: 'openConversation'; readonly id: string }
  | { readonly kind: 'saveSystemPrompt' }
  | { readonly kind: 'codeAction'; readonly index: number; readonly action: CodeAction; readonly block: number | 'all' }
  | { readonly kind: 'copyMessage'; readonly index: number }
  | { readonly kind: 'edit'; readonly index: number }
  | { readonly kind: 'regenerate' };

/** Reads a clicked button's role from its class and data attributes and those of its item. */
export function readChatClick(button: HTMLButtonElement): ChatClick | undefined {
  const { command, errorAction } = button.dataset;
  if (command !== undefined) {
    return command === TOGGLE_HISTORY ? { kind: 'toggleHistory' } : { kind: 'post', message: commandMessage(command) };
  }
  if (errorAction !== undefined) {
    return isRecoveryAction(errorAction) ? { kind: 'post', message: { type: 'errorAction', action: errorAction } } : undefined;
  }
  const classes = button.classList;
  if (classes.contains('chat-stop')) {
    return { kind: 'post', message: { type: 'stop' } };
  }
  if (classes.contains('system-prompt-save')) {
    return { kind: 'saveSystemPrompt' };
  }
  return historyClick(button) ?? attachmentClick(button) ?? instructionClick(button) ?? messageClick(button);
}

/** Open an instruction file of the line above the composer, or turn it off or on (by the state it shows). */
function instructionClick(button: HTMLButtonElement): ChatClick | undefined {
  const item = button.closest<HTMLElement>('li.instruction');
  const uri = item?.dataset['uri'];
  if (item === null || item === undefined || uri === undefined) {
    return undefined;
  }
  if (button.classList.contains('instruction-open')) {
    return { kind: 'post', message: { type: 'openInstruction', uri } };
  }
  const state = item.dataset['state'];
  return button.classList.contains('instruction-toggle') && (state === 'on' || state === 'off')
    ? { kind: 'post', message: { type: 'setInstructionOn', uri, on: state === 'off' } }
    : undefined;
}

function historyClick(button: HTMLButtonElement): ChatClick | undefined {
  const id = button.closest<HTMLElement>('li.history-item')?.dataset['id'];
  if (id === undefined) {
    return undefined;
  }
  if (button.classList.contains('history-open')) {
    return { kind: 'openConversation', id };
  }
  if (button.classList.contains('history-rename')) {
    return { kind: 'post', message: { type: 'renameConversation', id } };
  }
  return button.classList.contains('history-delete') ? { kind: 'post', message: { type: 'deleteConversation', id } } : undefined;
}

function attachmentClick(button: HTMLButtonElement): ChatClick | undefined {
  const id = button.closest<HTMLElement>('li.attachment')?.dataset['id'];
  return id !== undefined && button.classList.contains('attachment-remove')
    ? { kind: 'post', message: { type: 'removeAttachment', id } }
    : undefined;
}

function messageClick(button: HTMLButtonElement): ChatClick | undefined {
  const raw = button.closest<HTMLElement>('li.chat-message')?.dataset['index'];
  if (raw === undefined || !/^\d{1,7}$/.test(raw)) {
    return undefined;
  }
  const index = Number(raw);
  if (button.matches(ACTION_BUTTON_SELECTOR)) {
    const target = readButtonAction(button);
    return target && target.block !== 'all' ? { kind: 'codeAction', index, action: target.action, block: target.block } : undefined;
  }
  if (button.classList.contains('message-show-request')) {
    return { kind: 'codeAction', index, action: 'showRequest', block: 'all' };
  }
  if (button.classList.contains('message-copy')) {
    return { kind: 'copyMessage', index };
  }
  if (button.classList.contains('message-edit')) {
    return { kind: 'edit', index };
  }
  if (button.classList.contains('message-fork')) {
    return { kind: 'post', message: { type: 'forkConversation', index } };
  }
  if (button.classList.contains('message-review')) {
    return { kind: 'post', message: { type: 'reviewFiles', index } };
  }
  if (button.classList.contains('message-undo-turn')) {
    return { kind: 'post', message: { type: 'undoTurn', index } };
  }
  if (button.classList.contains('message-exclude')) {
    return button.getAttribute('aria-disabled') === 'true'
      ? undefined
      : { kind: 'post', message: { type: 'setExcluded', index, excluded: button.getAttribute('aria-pressed') !== 'true' } };
  }
  return button.classList.contains('message-regenerate') ? { kind: 'regenerate' } : undefined;
}

/** Which pressed button an action's outcome belongs to: the message it acted on, and the action. */
export function feedbackKey(reply: ChatMessageRef, action: CodeAction): string {
  return `${reply.conversationId}\n${reply.index}\n${action}`;
}
