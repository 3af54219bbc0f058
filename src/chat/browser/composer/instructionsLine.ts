import type { InstructionFileView } from '../../common/chatProtocol';
import { button, element } from '../../../base/browser/dom';
import { codicon } from '../../../webview/browser/codicons';
import { text } from '../../../webview/browser/strings';

/**
 * The instruction files of the next send, above the message box: each file that goes out (open it,
 * turn it off), each turned off (greyed, turn it on), each skipped (a warning, and why):
 *
 * ```html
 * <div class="chat-instructions" role="group" aria-label="Instruction files">
 *   <span class="codicon codicon-book"></span>
 *   <ul class="chat-instructions-list">
 *     <li class="instruction" data-uri="file:///…/AGENTS.md" data-state="on|off|skipped">
 *       <button class="instruction-open" title="why it applies, or why it is skipped">AGENTS.md</button>
 *       <span class="instruction-asks" title="why the next send asks">new</span>  (new to the user, or changed since the yes)
 *       <button class="icon-button instruction-toggle" aria-label="Turn off AGENTS.md"><span class="codicon codicon-eye-closed"></span></button>
 *     </li>
 *   </ul>
 * </div>
 * ```
 *
 * A turned-off file's button reads "Turn on"; a skipped file has no toggle, only its warning and why.
 */
export class InstructionsLine {
  readonly element = element('div', 'chat-instructions');
  private readonly list = element('ul', 'chat-instructions-list');

  constructor() {
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', text('instructionFiles'));
    this.element.title = text('instructionFilesExplained');
    this.element.append(codicon('book'), this.list);
    this.element.hidden = true;
  }

  show(files: readonly InstructionFileView[]): void {
    this.list.replaceChildren(...files.map(instructionItem));
    this.element.hidden = files.length === 0;
  }
}

function instructionItem(file: InstructionFileView): HTMLLIElement {
  const item = element('li', 'instruction');
  item.dataset['uri'] = file.uri;
  item.dataset['state'] = file.state;
  const open = button('instruction-open', { text: file.source });
  open.title = `${file.source}: ${file.detail}`;
  if (file.state === 'skipped') {
    open.prepend(codicon('warning'));
    const why = element('span', 'instruction-why', file.detail);
    item.append(open, why);
    return item;
  }
  const toggle =
    file.state === 'on'
      ? button('icon-button instruction-toggle', { icon: 'eye-closed', label: text('turnOffInstruction', file.source) })
      : button('instruction-toggle', { icon: 'eye', text: text('turnOnInstruction') });
  if (file.state === 'off') {
    toggle.setAttribute('aria-label', text('turnOnInstructionNamed', file.source));
    toggle.title = file.detail;
  }
  item.append(open);
  if (file.asks !== undefined) {
    // Marked before the send asks, so the question is no surprise; the title says why.
    item.dataset['asks'] = file.asks;
    const mark = element('span', 'instruction-asks', text(file.asks === 'new' ? 'instructionAsksNew' : 'instructionAsksChanged'));
    mark.title = file.detail;
    item.append(mark);
  }
  item.append(toggle);
  return item;
}
