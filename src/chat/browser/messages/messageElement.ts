import type { ChatErrorView, ChatMessageView } from '../../common/chatProtocol';
import { CHAT_CODE_ACTIONS, errorActionLabel } from '../chatActions';
import { button, element } from '../../../base/browser/dom';
import { renderReplyInto } from '../../../codeBlocks/browser/progressiveReply';
import { text } from '../../../webview/browser/strings';
import { splitAttachedBlocks } from '../../../conversations/common/attachedBlocks';
import { attachedChips } from './attachedChips';
import { reviewedFileCount } from './reviewedFiles';

/**
 * One chat message, rendered with the reply view's renderer and sanitizer:
 *
 * ```html
 * <li class="chat-message" data-index="3" data-role="assistant">
 *   <div class="message-meta">Reviewers</div>
 *   <div class="message-content markdown-body">… code blocks with their action toolbars …</div>
 *   <div class="message-actions" role="group" aria-label="Message actions">
 *     <button class="message-copy" aria-label="Copy message">…</button>
 *     (user messages) <button class="message-edit" aria-label="Edit and resend">…</button>
 *     (assistant messages) <button class="message-show-request" aria-label="Show Request">…</button>
 *     <button class="message-exclude" aria-label="Exclude from what is sent" aria-pressed="false">…</button>
 *     <button class="message-fork" aria-label="Continue in a new chat from here">…</button>
 *     (replies whose code blocks name files) <button class="message-review" aria-label="Review changes in 3 files">…</button>
 *     (replies whose turn changed files) <button class="message-undo-turn" aria-label="Undo changes of this turn">…</button>
 *     (last assistant message) <button class="message-regenerate" aria-label="Regenerate reply">…</button>
 *   </div>
 * </li>
 * ```
 *
 * Code blocks of assistant messages get the code action toolbars; a user's own code gets none.
 * An excluded message has the class `is-excluded`, the exclude button pressed, and says so in its
 * meta line.
 */
export function createMessageElement(
  message: ChatMessageView,
  author: string,
  deferHighlight: boolean,
  content: HTMLElement = renderMessageContent(message, deferHighlight),
): HTMLLIElement {
  const item = element('li', 'chat-message');
  item.dataset['index'] = String(message.index);
  item.dataset['role'] = message.role;

  const meta = element('div', 'message-meta', author);

  const buttons = element('div', 'message-actions');
  buttons.setAttribute('role', 'group');
  buttons.setAttribute('aria-label', text('messageActions'));
  buttons.append(button('icon-button message-copy', { icon: 'copy', label: text('copyMessage') }));
  if (message.role === 'user') {
    buttons.append(button('icon-button message-edit', { icon: 'edit', label: text('editMessage') }));
  } else {
    buttons.append(button('icon-button message-show-request', { icon: 'inspect', label: text('showRequest') }));
  }
  buttons.append(button('icon-button message-exclude', { icon: 'eye-closed', label: text('excludeMessage') }));
  buttons.append(button('icon-button message-fork', { icon: 'repo-forked', label: text('forkMessage') }));
  if (message.role === 'assistant' && message.content.length <= SCAN_AT_ONCE) {
    buttons.append(...reviewButton(message.content));
  } else if (message.role === 'assistant') {
    // Scanning a long reply's blocks takes a task of its own, so rendering it stays within budget.
    setTimeout(() => buttons.querySelector('.message-fork')?.after(...reviewButton(message.content)), 0);
  }
  item.append(meta, content, buttons);
  showExcluded(item, message.excluded === true);
  showUndoable(item, message.undoable === true);
  return item;
}

/** Offers "Undo changes of this turn" on a rendered reply whose turn changed files, or takes it away. */
export function showUndoable(item: HTMLElement, undoable: boolean): void {
  const shown = item.querySelector(':scope > .message-actions > .message-undo-turn');
  if (undoable && !shown) {
    const undo = button('icon-button message-undo-turn', { icon: 'discard', label: text('undoTurn') });
    // Said before the click, not only after: the server's side effects stay.
    undo.title = text('undoTurnTitle');
    const before = item.querySelector(':scope > .message-actions > .message-regenerate');
    if (before) before.before(undo);
    else item.querySelector(':scope > .message-actions')?.append(undo);
  } else if (!undoable) {
    shown?.remove();
  }
}

/** Review, for a reply whose code blocks name the files they are for. */
function reviewButton(content: string): HTMLButtonElement[] {
  const files = reviewedFileCount(content);
  return files === 0
    ? []
    : [
        button('icon-button message-review', {
          icon: 'diff-multiple',
          label: files === 1 ? text('reviewFile') : text('reviewFiles', files),
        }),
      ];
}

/** Up to this many characters, a reply's blocks are scanned for file names while it is rendered. */
const SCAN_AT_ONCE = 20_000;

/**
 * A message's rendered text (`.message-content`): a long one fills in over the next tasks;
 * `onDone` runs once the later parts of a long one are in.
 */
export function renderMessageContent(
  message: ChatMessageView,
  deferHighlight: boolean,
  onDone?: (content: HTMLElement) => void,
): HTMLElement {
  const content = element('div', 'message-content markdown-body');
  const split = message.role === 'user' && message.attached ? splitAttachedBlocks(message.content, message.attached) : undefined;
  if (split === undefined) {
    const actions = message.role === 'assistant' ? CHAT_CODE_ACTIONS : [];
    renderReplyInto(content, message.content, actions, { deferHighlight }, onDone);
    return content;
  }
  // What the user typed, then what was attached to it as chips that open what was sent.
  const typed = element('div', 'message-typed');
  content.append(typed, attachedChips(split.blocks, `message-${message.index}-attached`));
  renderReplyInto(typed, split.typed, [], { deferHighlight }, () => onDone?.(content));
  return content;
}

/** Marks a rendered message as left out of what is sent, or not. */
export function showExcluded(item: HTMLElement, excluded: boolean): void {
  item.classList.toggle('is-excluded', excluded);
  item.querySelector('.message-exclude')?.setAttribute('aria-pressed', String(excluded));
  const meta = item.querySelector(':scope > .message-meta');
  let mark = meta?.querySelector('.message-excluded-mark');
  if (excluded && meta && !mark) {
    mark = element('span', 'message-excluded-mark', text('excludedMark'));
    meta.append(' ', mark);
  } else if (!excluded && mark) {
    mark.previousSibling?.remove();
    mark.remove();
  }
}

/**
 * The newest message is always sent: its exclude button stays focusable (so the reason can be
 * read) but is marked disabled and says why.
 */
export function showAlwaysSent(item: HTMLElement, alwaysSent: boolean): void {
  const toggle = item.querySelector<HTMLButtonElement>('.message-exclude');
  if (!toggle) {
    return;
  }
  const label = alwaysSent ? text('alwaysSent') : text('excludeMessage');
  toggle.setAttribute('aria-disabled', String(alwaysSent));
  toggle.setAttribute('aria-label', label);
  toggle.title = label;
}

export function createRegenerateButton(): HTMLButtonElement {
  return button('icon-button message-regenerate', { icon: 'refresh', label: text('regenerate') });
}

/**
 * The inline error of a failed turn, shown right after the user's message:
 *
 * ```html
 * <div class="chat-error" role="alert" data-index="4">
 *   <p class="chat-error-message">…</p>
 *   <div class="chat-error-actions"><button data-error-action="retry">Retry</button> …</div>
 * </div>
 * ```
 */
export function createErrorElement(error: ChatErrorView): HTMLDivElement {
  const box = element('div', 'chat-error');
  box.setAttribute('role', 'alert');
  box.dataset['index'] = String(error.index);
  const message = element('p', 'chat-error-message', error.message);
  const actions = element('div', 'chat-error-actions');
  for (const action of error.actions) {
    const actionButton = button('chat-error-action', { text: errorActionLabel(action) });
    actionButton.dataset['errorAction'] = action;
    actions.append(actionButton);
  }
  box.append(message);
  if (error.actions.length > 0) {
    box.append(actions);
  }
  return box;
}
