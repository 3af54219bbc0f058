import type { AttachmentView, ChatToHostMessage, HostToChatMessage, MentionOptionView } from '../../../common/chatProtocol';
import { element } from '../../../../base/browser/dom';
import { text } from '../../../../webview/browser/strings';
import { completeMention, mentionAt, type TypedMention } from '../../../../mentions/common/mentionQuery';
import { ComboboxList } from './comboboxList';

export interface MentionHost {
  post(message: ChatToHostMessage): void;
  /** The box's text was changed here (a mention completed): report it as typing would. */
  changed(): void;
  /** What is attached to the next message now. */
  attachments(): readonly AttachmentView[];
}

/**
 * `@` in the message box: while the caret ends an `@word`, the host's options for it (the
 * workspace's files, fuzzy, and the problems, terminal and git sources) open above the box, as a
 * second list of its combobox (the slash commands' list never opens at once, as a mention never
 * starts the box with `/`). Enter, Tab or a click put `@name` in the box and ask the host to
 * attach what it names. A polite status says how many match, or why nothing can be mentioned.
 */
export class MentionSuggestions {
  private readonly choices: ComboboxList<MentionOptionView>;
  /**
   * The host's word on why something cannot be offered (Restricted Mode, no ripgrep, git failing),
   * shown where the list opens; the status already reads it out, so it is hidden from screen readers.
   */
  readonly note = element('div', 'chat-mention-note');
  private asked = 0;
  private typed: TypedMention | undefined;
  /** Attachments whose `@mention` left the box, already asked to be taken off. */
  private readonly takenOff = new Set<string>();

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly host: MentionHost,
    /** The box's polite status, shared with the slash commands' list. */
    status: HTMLElement,
  ) {
    this.choices = new ComboboxList(input, {
      id: 'chat-mention-suggestions',
      label: text('mentions'),
      status,
      renderOption: renderMention,
      drawnAlike: (a, b) => a.kind === b.kind && a.name === b.name && a.detail === b.detail,
      take: (option) => this.take(option),
    });
    this.note.setAttribute('aria-hidden', 'true');
    this.note.hidden = true;
  }

  get list(): HTMLElement {
    return this.choices.list;
  }

  /** The box's @ button: an `@` at the caret (after a space, inside a word), the box focused, the list opened. */
  start(): void {
    const { value, selectionStart, selectionEnd } = this.input;
    const before = value.slice(0, selectionStart);
    const inserted = before === '' || /\s$/u.test(before) ? '@' : ' @';
    this.input.value = `${before}${inserted}${value.slice(selectionEnd)}`;
    const caret = before.length + inserted.length;
    this.input.focus();
    this.input.setSelectionRange(caret, caret);
    this.host.changed();
  }

  /** A chip whose `@name` was deleted from the box goes too, as in VS Code's chat. */
  private takeOffUnmentioned(value: string): void {
    for (const { id, mention } of this.host.attachments()) {
      if (mention !== undefined && !this.takenOff.has(id) && !value.includes(`@${mention}`)) {
        this.takenOff.add(id);
        this.host.post({ type: 'removeAttachment', id });
      }
    }
  }

  private insert(names: readonly string[]): void {
    const { value, selectionStart, selectionEnd } = this.input;
    const added = names.filter((name) => !value.includes(`@${name}`)).map((name) => `@${name} `);
    if (added.length === 0) {
      return;
    }
    const before = value.slice(0, selectionStart);
    const inserted = `${before === '' || /\s$/u.test(before) ? '' : ' '}${added.join('')}`;
    this.input.value = `${before}${inserted}${value.slice(selectionEnd)}`;
    const caret = before.length + inserted.length;
    this.input.setSelectionRange(caret, caret);
    this.host.changed();
  }

  /** Follows the box's text and caret: asks the host for the options of the mention typed, or closes. */
  update(): void {
    const { value, selectionStart, selectionEnd } = this.input;
    this.takeOffUnmentioned(value);
    const dismissed = this.choices.dismissed();
    this.typed = selectionStart === selectionEnd && !dismissed ? mentionAt(value, selectionEnd) : undefined;
    this.asked++; // an answer still on its way is for text no longer in the box
    if (this.typed === undefined) {
      this.choices.close();
      this.showNote(undefined);
      return;
    }
    this.host.post({ type: 'mentionQuery', requestId: this.asked, query: this.typed.query });
  }

  /**
   * The host's options for the latest query (an answer to an earlier one is dropped), or the files
   * it attached from a drop, whose `@name` goes in at the caret unless the box holds it already.
   */
  receive(message: Extract<HostToChatMessage, { type: 'mentionOptions' | 'mentionsAdded' }>): void {
    if (message.type === 'mentionsAdded') {
      this.insert(message.names);
      return;
    }
    if (message.requestId !== this.asked || this.typed === undefined) {
      return;
    }
    this.choices.show(message.options, (a, b) => a.kind === b.kind && a.name === b.name);
    const count = message.options.length;
    this.choices.announce(message.note ?? (count === 0 ? text('noMentionMatches') : text('mentionsMatching', count)));
    this.showNote(message.note);
  }

  private showNote(note: string | undefined): void {
    if (this.note.textContent !== (note ?? '')) {
      this.note.textContent = note ?? '';
    }
    this.note.hidden = note === undefined;
  }

  /** A keydown in the box: true when the open list took it (and nothing else may act on it). */
  handleKey(event: KeyboardEvent, composing: boolean): boolean {
    const taken = this.choices.handleKey(event, composing);
    if (event.key !== 'Escape' || this.note.hidden || composing) {
      return taken;
    }
    // Escape puts the note away as it closes a list: until the text changes, and before it stops a request.
    if (!taken) {
      this.choices.dismiss();
      event.preventDefault();
    }
    this.showNote(undefined);
    return true;
  }

  private take(option: MentionOptionView): void {
    const typed = this.typed;
    if (typed === undefined) {
      return;
    }
    const completed = completeMention(this.input.value, typed, option.name, option.continues);
    this.input.value = completed.text;
    this.input.setSelectionRange(completed.caret, completed.caret);
    this.choices.close();
    this.showNote(undefined);
    if (option.continues !== true) {
      this.host.post({ type: 'mention', kind: option.kind, name: option.name, ...(option.ref === undefined ? {} : { ref: option.ref }) });
    }
    this.host.changed(); // a mention only started asks again, for what follows it
  }
}

function renderMention(option: MentionOptionView, item: HTMLElement): void {
  item.dataset['kind'] = option.kind;
  item.title = option.kind === 'file' || option.kind === 'folder' ? option.name : option.detail;
  const name = option.kind === 'file' || option.kind === 'folder' ? pathName(option.name) : option.name;
  item.append(element('span', 'prompt-suggestion-name', `@${name}`));
  if (option.detail !== '') {
    item.append(' ', element('span', 'prompt-suggestion-description', option.detail));
  }
}

/** A file's name, or a folder's with its slash (`mentions/`). */
function pathName(path: string): string {
  const slash = path.lastIndexOf('/', path.length - 2);
  return path.slice(slash + 1);
}
