import type { ChatToHostMessage } from '../common/chatProtocol';
import { button, type ButtonOptions } from '../../base/browser/dom';

/** The type of a message that carries nothing but its type. */
type PlainMessageType<Message> = Message extends { readonly type: infer Type } ? (keyof Message extends 'type' ? Type : never) : never;

/**
 * What a `data-command` button asks of the host: a message with nothing but its type, posted as
 * it is (the host checks it like any other). Adding such a button is the button, the message's
 * schema, its handler and the controller method it calls.
 */
export type ChatCommand = PlainMessageType<ChatToHostMessage>;

/** The one command the view carries out itself. */
export const TOGGLE_HISTORY = 'toggleHistory';

export function commandButton(
  className: string,
  command: ChatCommand | typeof TOGGLE_HISTORY,
  options: Omit<ButtonOptions, 'command'>,
): HTMLButtonElement {
  return button(className, { ...options, command });
}

/** The message a command button posts, read back from its `data-command`. */
export function commandMessage(command: string): ChatToHostMessage {
  return { type: command as ChatCommand };
}
