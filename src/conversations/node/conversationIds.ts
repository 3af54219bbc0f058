import { randomBytes } from 'node:crypto';

/** Conversation ids sort by creation time and stay apart between windows. */
export function newConversationId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** Unique across windows: two windows may add a message to one conversation in the same millisecond. */
export function newMessageId(): string {
  return `m${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
}
