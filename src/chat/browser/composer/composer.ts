import type { AttachmentView, ChatMessageView, ChatToHostMessage, HostToChatMessage } from '../../common/chatProtocol';
import { EDITING_TEXT_ID, type ComposerLayout } from './composerLayout';
import { Debounced } from '../../../base/browser/debounce';
import { EditSession } from './editSession';
import { inputKeyAction, outgoingText, type InputKeyAction } from './inputKeys';
import { acceptDroppedPaths } from './droppedPaths';
import { MentionSuggestions } from './suggestions/mentionSuggestions';
import { SlashSuggestions } from './suggestions/slashSuggestions';

/** How long typing must pause before the draft is reported to the host. */
export const DRAFT_DEBOUNCE_MS = 300;

export interface ComposerHost {
  post(message: ChatToHostMessage): void;
  isBusy(): boolean;
  messageAt(index: number): ChatMessageView | undefined;
  lastUserIndex(): number | undefined;
  /** Edit mode started (message index) or ended (undefined). */
  editingChanged(index: number | undefined): void;
  /** The draft changed; a local fallback copy may be kept. */
  draftSaved(draft: string): void;
  /** What is attached to the next message now. */
  attachments(): readonly AttachmentView[];
}

/**
 * The message box and its Send button: sending, edit-and-resend mode, IME composition, and
 * reporting the unsent draft to the host (debounced, never while editing a sent message).
 */
export class Composer {
  private readonly edit = new EditSession();
  private readonly slash: SlashSuggestions;
  private readonly mentions: MentionSuggestions;
  private readonly draftSync: Debounced<string>;
  private composing = false;
  /** The user typed since the host last set the box: the box then holds text newer than the host's draft. */
  private typedSinceHostDraft = false;

  constructor(
    private readonly layout: ComposerLayout,
    private readonly host: ComposerHost,
  ) {
    this.draftSync = new Debounced((draft) => host.post({ type: 'draftChanged', text: draft }), DRAFT_DEBOUNCE_MS);
    const { input, send } = layout;
    this.slash = new SlashSuggestions(input, { post: (message) => host.post(message), changed: () => this.onInput() });
    const mentionHost = { post: host.post.bind(host), changed: () => this.onInput(), attachments: () => host.attachments() };
    this.mentions = new MentionSuggestions(input, mentionHost, this.slash.status);
    input.parentElement?.before(this.slash.list, this.mentions.list, this.mentions.note);
    layout.composer.append(this.slash.status);
    input.addEventListener('keydown', (event) => this.onKeyDown(event));
    input.addEventListener('compositionstart', () => (this.composing = true));
    input.addEventListener('compositionend', () => (this.composing = false));
    input.addEventListener('input', () => this.onInput());
    send.addEventListener('click', () => this.submit());
    layout.editInNewChat.addEventListener('click', () => this.submit(true));
    layout.mention.addEventListener('click', () => this.mentions.start());
    acceptDroppedPaths(layout.input.parentElement ?? layout.composer, input, (message) => host.post(message));
  }

  get editingIndex(): number | undefined {
    return this.edit.index;
  }

  focus(): void {
    this.layout.input.focus();
  }

  /**
   * Takes the host's draft for the conversation shown, unless the box holds newer text the user
   * typed for that same conversation (e.g. while the view was still loading): that text is kept and
   * reported as the draft instead, so no keystroke is lost.
   */
  receiveDraft(draft: string, sameConversation: boolean): void {
    if (sameConversation && this.edit.active) {
      // Editing a sent message of this conversation: the edit goes on, and the host keeps the draft.
      return;
    }
    const typed = this.layout.input.value;
    if (sameConversation && this.typedSinceHostDraft && typed !== draft) {
      this.draftSync.push(typed);
      this.draftSync.flush();
      this.host.draftSaved(typed);
      return;
    }
    this.setDraft(draft, false);
  }

  /** Puts `text` in the box (leaving edit mode, or as the edit of message `editIndex`); the host already knows it as the draft. */
  setDraft(text: string, focus: boolean, editIndex?: number): void {
    if (editIndex !== undefined) return this.beginEdit(editIndex, text);
    this.typedSinceHostDraft = false;
    this.leaveEdit();
    this.draftSync.cancel();
    this.layout.input.value = text;
    this.host.draftSaved(text);
    if (focus) {
      this.focus();
      this.layout.input.setSelectionRange(text.length, text.length);
    }
  }

  /**
   * The prompt commands to suggest, an expansion to put in the box in place of the `/name` line it
   * came from, or the options for the `@mention` being typed.
   */
  receiveSuggestions(
    message: Extract<HostToChatMessage, { type: 'promptCommands' | 'promptExpanded' | 'mentionOptions' | 'mentionsAdded' }>,
  ): void {
    if (message.type === 'mentionOptions' || message.type === 'mentionsAdded') {
      this.mentions.receive(message);
      return;
    }
    if (message.type === 'promptCommands') {
      this.slash.setCommands(message.commands);
      return;
    }
    const { input } = this.layout;
    // Typed on meanwhile: the expansion goes after what is there rather than over it.
    input.value = input.value.trim() === message.line ? message.text : `${input.value.trimEnd()}\n\n${message.text}`;
    this.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    this.onInput();
  }

  /** Edits user message `index`: its text (or `edited`, an edit given back) goes into the box until it is resent or Escape. */
  beginEdit(index: number, edited?: string): void {
    const message = this.host.messageAt(index);
    if (message?.role !== 'user') {
      return;
    }
    const content = edited ?? message.content;
    this.draftSync.flush();
    this.edit.begin(index, this.layout.input.value);
    this.host.post({ type: 'frozenInstructions', index });
    this.layout.input.value = content;
    this.showEditing(index);
    this.focus();
    this.layout.input.setSelectionRange(content.length, content.length);
  }

  /** Leaves edit mode and puts the previous draft back. */
  cancelEdit(): void {
    const saved = this.edit.end();
    if (saved !== undefined) {
      this.layout.input.value = saved;
      this.showEditing(undefined);
    }
  }

  /** Leaves edit mode if the message being edited is gone. */
  messagesChanged(): void {
    const index = this.edit.index;
    if (index !== undefined && this.host.messageAt(index)?.role !== 'user') {
      this.cancelEdit();
    }
  }

  /** Leaves edit mode without touching the box. */
  leaveEdit(): void {
    if (this.edit.end() !== undefined) {
      this.showEditing(undefined);
    }
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (this.slash.handleKey(event, this.composing) || this.mentions.handleKey(event, this.composing)) {
      return;
    }
    const action = inputKeyAction(event, {
      text: this.layout.input.value,
      busy: this.host.isBusy(),
      editing: this.edit.active,
      composing: this.composing,
      hasUserMessage: this.host.lastUserIndex() !== undefined,
    });
    if (action !== 'default') {
      event.preventDefault();
      this.run(action);
    }
  }

  private run(action: Exclude<InputKeyAction, 'default'>): void {
    switch (action) {
      case 'send':
      case 'resend':
        this.submit();
        break;
      case 'stop':
        this.host.post({ type: 'stop' });
        break;
      case 'cancelEdit':
        this.cancelEdit();
        break;
      case 'editLast': {
        const index = this.host.lastUserIndex();
        if (index !== undefined) {
          this.beginEdit(index);
        }
        break;
      }
      case 'swallow':
        break;
    }
  }

  private onInput(): void {
    this.typedSinceHostDraft = true;
    this.slash.update();
    this.mentions.update();
    if (!this.edit.active) {
      const draft = this.layout.input.value;
      this.draftSync.push(draft);
      this.host.draftSaved(draft);
    }
  }

  /** Sends the box's text (or resends the edited message, here or `inNewChat`) unless it is blank or a request runs. */
  private submit(inNewChat = false): void {
    const text = outgoingText(this.layout.input.value);
    if (text === undefined || this.host.isBusy()) {
      return;
    }
    const index = this.edit.index;
    if (index !== undefined) {
      this.host.post({ type: 'editAndResend', index, text, inNewChat });
      this.cancelEdit();
      return;
    }
    if (this.slash.expand(text)) {
      return; // a prompt command: its expansion comes back into the box, to be read before it is sent
    }
    this.draftSync.cancel();
    this.host.post({ type: 'send', text });
    this.layout.input.value = '';
    this.host.post({ type: 'draftChanged', text: '' });
    this.host.draftSaved('');
  }

  private showEditing(index: number | undefined): void {
    const { editing, input } = this.layout;
    editing.hidden = index === undefined;
    if (index === undefined) {
      input.removeAttribute('aria-describedby');
    } else {
      input.setAttribute('aria-describedby', EDITING_TEXT_ID);
    }
    this.host.editingChanged(index);
  }
}
