import type { AttachmentView } from '../../common/chatProtocol';
import { button, element } from '../../../base/browser/dom';
import { commandButton } from '../chatCommands';
import { text } from '../../../webview/browser/strings';

/** Longest message the host accepts. */
export const MAX_MESSAGE = 1_000_000;

/**
 * Everything below the messages:
 *
 * ```html
 * <div class="chat-busy" role="status" hidden>
 *   <span class="chat-spinner" aria-hidden="true"></span><span class="chat-busy-text">Waiting for …</span>
 *   <button class="chat-stop">Stop</button>
 * </div>
 * <div class="chat-composer">
 *   <div class="chat-editing" id="chat-editing" hidden>Editing message — Enter to resend, Esc to cancel</div>
 *   <div class="chat-attachments-row">
 *     <ul class="chat-attachments" aria-label="Attachments">
 *       <li class="attachment" data-id="a1"><span class="attachment-label">x.ts:1-3</span>
 *         <button class="attachment-remove" aria-label="Remove x.ts:1-3">✕</button></li>
 *     </ul>
 *     <button data-command="addSelection">+ Selection</button> <button data-command="addFile">+ File</button>
 *   </div>
 *   <div class="chat-input-row"><textarea id="chat-input" aria-label="Message"></textarea><button class="chat-send">Send</button></div>
 * </div>
 * ```
 */
export interface ComposerLayout {
  readonly busy: HTMLDivElement;
  readonly busyText: HTMLSpanElement;
  readonly stop: HTMLButtonElement;
  readonly composer: HTMLDivElement;
  readonly editing: HTMLDivElement;
  readonly attachments: HTMLUListElement;
  readonly input: HTMLTextAreaElement;
  readonly send: HTMLButtonElement;
}

export function createComposerLayout(): ComposerLayout {
  const busy = element('div', 'chat-busy');
  busy.setAttribute('role', 'status');
  busy.hidden = true;
  const spinner = element('span', 'chat-spinner');
  spinner.setAttribute('aria-hidden', 'true');
  const busyText = element('span', 'chat-busy-text');
  const stop = button('chat-stop', { text: text('stop') });
  busy.append(spinner, busyText, stop);

  const editing = element('div', 'chat-editing', text('editingMessage'));
  editing.id = 'chat-editing';
  editing.hidden = true;

  const attachments = element('ul', 'chat-attachments');
  attachments.setAttribute('aria-label', text('attachments'));
  attachments.hidden = true;
  const attachmentsRow = element('div', 'chat-attachments-row');
  attachmentsRow.append(
    attachments,
    commandButton('chat-add', 'addSelection', { text: text('addSelection') }),
    commandButton('chat-add', 'addFile', { text: text('addFile') }),
  );

  const input = element('textarea', 'chat-input');
  input.id = 'chat-input';
  input.setAttribute('aria-label', text('messageInput'));
  input.rows = 2;
  input.maxLength = MAX_MESSAGE;
  const send = button('chat-send', { text: text('send') });
  const inputRow = element('div', 'chat-input-row');
  inputRow.append(input, send);

  const composer = element('div', 'chat-composer');
  composer.append(editing, attachmentsRow, inputRow);
  return { busy, busyText, stop, composer, editing, attachments, input, send };
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

export function showBusy(layout: ComposerLayout, busy: boolean, clusterLabel: string | undefined): void {
  layout.busyText.textContent = clusterLabel ? text('waitingFor', clusterLabel) : text('waitingForCluster');
  layout.busy.hidden = !busy;
  layout.send.disabled = busy;
}
