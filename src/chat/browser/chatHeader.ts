import { element } from '../../base/browser/dom';
import { commandButton, TOGGLE_HISTORY } from './chatCommands';
import { text } from '../../webview/browser/strings';
import type { ClusterView } from '../common/chatProtocol';

/**
 * The chat's header:
 *
 * ```html
 * <header class="chat-header">
 *   <button class="chat-cluster" data-command="selectCluster" title="Select Cluster">Reviewers</button>
 *   <div class="chat-header-actions">
 *     <button data-command="newChat" aria-label="New Chat" title="New Chat"><span class="codicon codicon-add" aria-hidden="true"></span></button>
 *     <button data-command="toggleHistory" aria-label="Conversations" aria-expanded="false" aria-controls="chat-history">…</button>
 *     <button data-command="exportMarkdown" aria-label="Export as Markdown">…</button>
 *     <button data-command="exportJson" aria-label="Export as JSON">…</button>
 *   </div>
 * </header>
 * ```
 */
export interface ChatHeader {
  readonly header: HTMLElement;
  readonly cluster: HTMLButtonElement;
  readonly historyToggle: HTMLButtonElement;
}

export function createChatHeader(historyId: string): ChatHeader {
  const header = element('header', 'chat-header');
  const cluster = commandButton('chat-cluster', 'selectCluster', { text: text('noCluster') });
  cluster.title = text('selectCluster');

  const historyToggle = commandButton('icon-button icon-history', TOGGLE_HISTORY, { icon: 'history', label: text('conversations') });
  historyToggle.setAttribute('aria-expanded', 'false');
  historyToggle.setAttribute('aria-controls', historyId);

  const actions = element('div', 'chat-header-actions');
  actions.append(
    commandButton('icon-button icon-new', 'newChat', { icon: 'add', label: text('newChat') }),
    historyToggle,
    commandButton('icon-button icon-export', 'exportMarkdown', { icon: 'markdown', label: text('exportMarkdown') }),
    commandButton('icon-button icon-export', 'exportJson', { icon: 'json', label: text('exportJson') }),
  );
  header.append(cluster, actions);
  return { header, cluster, historyToggle };
}

export function showCluster(header: ChatHeader, cluster: ClusterView | undefined): void {
  header.cluster.textContent = cluster?.label || text('noCluster');
  header.cluster.classList.toggle('is-unset', cluster === undefined);
}
