import type { AttachmentView, ClusterView } from '../../common/chatProtocol';
import { button, element } from '../../../base/browser/dom';
import { commandButton } from '../chatCommands';
import { text } from '../../../webview/browser/strings';

/** What describes the message box while a sent message is edited in it. */
export const EDITING_TEXT_ID = 'chat-editing-text';

/** Longest message the host accepts. */
export const MAX_MESSAGE = 1_000_000;

/**
 * Everything below the messages:
 *
 * ```html
 * <div class="chat-busy" role="status" hidden>
 *   <span class="chat-spinner" aria-hidden="true"></span><span class="chat-busy-text">Waiting for …</span>
 * </div>
 * <div class="chat-composer">
 *   <div class="chat-editing" id="chat-editing" hidden>
 *     <span id="chat-editing-text">Editing message — Enter to resend, Esc to cancel</span>
 *     <button class="chat-edit-new-chat">Send in a new chat instead</button>
 *   </div>
 *   <div class="chat-input-box">
 *     <ul class="chat-attachments" aria-label="Attachments">
 *       <li class="attachment" data-id="a1"><span class="attachment-label">x.ts:1-3</span>
 *         <button class="attachment-remove" aria-label="Remove x.ts:1-3">✕</button></li>
 *     </ul>
 *     <textarea id="chat-input" aria-label="Message"></textarea>
 *     <div class="chat-input-toolbar">
 *       <button class="chat-mention" aria-label="Mention a File or Source (@)">@</button>
 *       <button data-command="addSelection" aria-label="Attach Selection">…</button>
 *       <button data-command="addFile" aria-label="Attach File…">…</button>
 *       <button class="chat-cluster" data-command="selectCluster" title="Select Cluster">Reviewers</button>
 *       <button class="chat-send" aria-label="Send">…</button>
 *       <button class="chat-stop" aria-label="Stop" hidden>…</button> (in Send's place while a request runs)
 *     </div>
 *   </div>
 * </div>
 * ```
 */
export interface ComposerLayout {
  readonly busy: HTMLDivElement;
  readonly busyText: HTMLSpanElement;
  readonly stop: HTMLButtonElement;
  readonly composer: HTMLDivElement;
  readonly editing: HTMLDivElement;
  /** In the editing line: resend the edited message in a new conversation, keeping this one whole. */
  readonly editInNewChat: HTMLButtonElement;
  readonly attachments: HTMLUListElement;
  readonly input: HTMLTextAreaElement;
  readonly mention: HTMLButtonElement;
  /** The active cluster, as VS Code's chat input shows its model: a click picks another. */
  readonly cluster: HTMLButtonElement;
  readonly send: HTMLButtonElement;
}

export function createComposerLayout(): ComposerLayout {
  const busy = element('div', 'chat-busy');
  busy.setAttribute('role', 'status');
  busy.hidden = true;
  const spinner = element('span', 'chat-spinner');
  spinner.setAttribute('aria-hidden', 'true');
  const busyText = element('span', 'chat-busy-text');
  busy.append(spinner, busyText);

  const editing = element('div', 'chat-editing');
  editing.id = 'chat-editing';
  editing.hidden = true;
  const editingText = element('span', 'chat-editing-text', text('editingMessage'));
  editingText.id = EDITING_TEXT_ID;
  // A resend drops every later message; this one keeps them, and resends in a new conversation.
  const editInNewChat = button('chat-edit-new-chat', { text: text('editInNewChat') });
  editing.append(editingText, ' ', editInNewChat);

  const attachments = element('ul', 'chat-attachments');
  attachments.setAttribute('aria-label', text('attachments'));
  attachments.hidden = true;

  const input = element('textarea', 'chat-input');
  input.id = 'chat-input';
  input.setAttribute('aria-label', text('messageInput'));
  input.rows = 2;
  input.maxLength = MAX_MESSAGE;

  // One box, as VS Code's own chat input: what is attached, the text, and the buttons that act on it.
  const mention = button('icon-button chat-tool chat-mention', { icon: 'mention', label: text('mentionButton') });
  const send = button('icon-button chat-send', { icon: 'send', label: text('send') });
  // Send's place while a request runs, as in VS Code's chat: one place to send, and to stop.
  const stop = button('icon-button chat-stop', { icon: 'stop-circle', label: text('stop') });
  stop.hidden = true;
  const cluster = commandButton('chat-cluster', 'selectCluster', { text: text('noCluster') });
  cluster.title = text('selectCluster');
  const toolbar = element('div', 'chat-input-toolbar');
  toolbar.append(
    mention,
    commandButton('icon-button chat-tool chat-add', 'addSelection', { icon: 'list-selection', label: text('addSelection') }),
    commandButton('icon-button chat-tool chat-add', 'addFile', { icon: 'attach', label: text('addFile') }),
    element('span', 'chat-input-toolbar-gap'),
    cluster,
    send,
    stop,
  );
  const box = element('div', 'chat-input-box');
  box.append(attachments, input, toolbar);

  const composer = element('div', 'chat-composer');
  composer.append(editing, box);
  return { busy, busyText, stop, composer, editing, editInNewChat, attachments, input, mention, cluster, send };
}

export function showAttachments(list: HTMLUListElement, attachments: readonly AttachmentView[]): void {
  list.replaceChildren(
    ...attachments.map((attachment) => {
      const item = element('li', 'attachment');
      item.dataset['id'] = attachment.id;
      const label = element('span', 'attachment-label', attachment.label);
      label.title = attachment.label;
      const remove = button('icon-button attachment-remove', { icon: 'close', label: text('removeAttachment', attachment.label) });
      item.append(label, remove);
      return item;
    }),
  );
  list.hidden = attachments.length === 0;
}

export function showCluster(layout: ComposerLayout, cluster: ClusterView | undefined): void {
  layout.cluster.textContent = cluster?.label || text('noCluster');
  layout.cluster.classList.toggle('is-unset', cluster === undefined);
  layout.input.placeholder = cluster ? text('inputPlaceholder', cluster.label || cluster.id) : text('inputPlaceholderNoCluster');
}

export function showBusy(layout: ComposerLayout, busy: boolean, clusterLabel: string | undefined): void {
  layout.busyText.textContent = clusterLabel ? text('waitingFor', clusterLabel) : text('waitingForCluster');
  layout.busy.hidden = !busy;
  const focused = document.activeElement;
  layout.send.hidden = busy;
  layout.stop.hidden = !busy;
  // The button under the keyboard's focus gives way to the other: focus stays in the box's toolbar.
  if (focused === layout.send && busy) {
    layout.stop.focus();
  } else if (focused === layout.stop && !busy) {
    layout.send.focus();
  }
}
