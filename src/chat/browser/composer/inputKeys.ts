/**
 * What a keydown in the chat input means, decided without the DOM so it can be tested:
 *
 * - Enter sends (or resends the message being edited); Shift+Enter inserts a newline.
 * - Nothing happens while an input method is composing text.
 * - Escape leaves edit mode, or else stops a running request.
 * - ArrowUp in an empty box edits the last user message.
 */

export interface KeyPress {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly isComposing: boolean;
  /** 229 while an input method handles the key. */
  readonly keyCode: number;
}

export interface InputContext {
  readonly text: string;
  readonly busy: boolean;
  readonly editing: boolean;
  /** Between compositionstart and compositionend. */
  readonly composing: boolean;
  readonly hasUserMessage: boolean;
}

export type InputKeyAction =
  /** Post `send` with the input text. */
  | 'send'
  /** Post `editAndResend` for the message being edited. */
  | 'resend'
  | 'stop'
  | 'cancelEdit'
  | 'editLast'
  /** Swallow the key: no newline, nothing sent (Enter on an empty box or while busy). */
  | 'swallow'
  /** Let the textarea handle the key. */
  | 'default';

const IME_KEY_CODE = 229;

export function inputKeyAction(press: KeyPress, context: InputContext): InputKeyAction {
  if (press.isComposing || press.keyCode === IME_KEY_CODE || context.composing) {
    return 'default';
  }
  const modified = press.shiftKey || press.altKey || press.ctrlKey || press.metaKey;
  switch (press.key) {
    case 'Enter':
      if (modified) {
        return 'default';
      }
      if (context.busy || outgoingText(context.text) === undefined) {
        return 'swallow';
      }
      return context.editing ? 'resend' : 'send';
    case 'Escape':
      if (context.editing) {
        return 'cancelEdit';
      }
      return context.busy ? 'stop' : 'default';
    case 'ArrowUp':
      return !modified && !context.editing && context.text === '' && context.hasUserMessage ? 'editLast' : 'default';
    default:
      return 'default';
  }
}

/**
 * The text to send for what is in the box: without blank lines before it and whitespace after
 * it (the first line's indentation stays, it may be code). Undefined when nothing is left.
 */
export function outgoingText(text: string): string | undefined {
  const trimmed = text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  return trimmed.trim() === '' ? undefined : trimmed;
}
