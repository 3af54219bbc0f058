import { element } from '../../base/browser/dom';
import { commandButton, TOGGLE_HISTORY } from './chatCommands';
import { text } from '../../webview/browser/strings';

/**
 * The chat's header: the conversations' toggle. New Chat, Select Cluster and the exports are in the
 * view's title bar, and the active cluster in the message box, so no action shows twice.
 *
 * ```html
 * <header class="chat-header">
 *   <div class="chat-header-actions">
 *     <button data-command="toggleHistory" aria-label="Conversations" aria-expanded="false" aria-controls="chat-history">…</button>
 *   </div>
 * </header>
 * ```
 */
export interface ChatHeader {
  readonly header: HTMLElement;
  readonly historyToggle: HTMLButtonElement;
}

export function createChatHeader(historyId: string): ChatHeader {
  const header = element('header', 'chat-header');
  const historyToggle = commandButton('icon-button icon-history', TOGGLE_HISTORY, { icon: 'history', label: text('conversations') });
  historyToggle.setAttribute('aria-expanded', 'false');
  historyToggle.setAttribute('aria-controls', historyId);

  const actions = element('div', 'chat-header-actions');
  actions.append(historyToggle);
  header.append(actions);
  return { header, historyToggle };
}
