import type { Message } from '../../client/common/messages';
import { buildRequestBody } from '../../client/common/requestBody';
import { jsonStringBytes } from './jsonBytes';

/** The size of a request body: what the context meter shows. */
export interface RequestSize {
  /** Characters of the messages' text (UTF-16 code units, as an editor counts them). */
  readonly chars: number;
  /** UTF-8 bytes of the JSON body exactly as the client sends it. */
  readonly bytes: number;
  /** A rough estimate: no tokenizer is known for a cluster, so about four bytes of body a token. */
  readonly tokens: number;
}

export type MeterLevel = 'ok' | 'warning' | 'over';

/** The thresholds, in estimated tokens; 0 turns one off. */
export interface MeterLimits {
  readonly warningTokens: number;
  readonly limitTokens: number;
}

/**
 * What the next send carries before the user's new message: measured once per change of the
 * conversation, so each keystroke adds only the new message's size ({@link withNextMessage}).
 */
export interface MeterBase {
  readonly size: RequestSize;
  readonly messageCount: number;
  /** The pending attachments as the new message carries them after the typed text ('' when none). */
  readonly attached: string;
}

/** A message as the chat keeps it: the host's stored messages and the view's mirror of them both fit. */
interface ChatMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly excluded?: boolean | undefined;
  /** On a user message: the workspace's instructions as they were sent with that turn. */
  readonly instructions?: string | undefined;
}

/**
 * What a chat turn sends: the system prompt (if any), then every message the user did not exclude,
 * in order. The newest message is always sent, even if marked: it is what the turn asks. The host
 * sends this and the view's meter measures this, so the two cannot differ.
 */
export function sentMessages(systemPrompt: string, messages: readonly ChatMessage[]): Message[] {
  const sent: Message[] = [];
  const system = systemMessage(systemPrompt, turnInstructions(messages));
  if (system.length > 0) {
    sent.push({ role: 'system', content: system });
  }
  const last = messages.length - 1;
  messages.forEach((message, index) => {
    if (message.excluded !== true || index === last) {
      sent.push({ role: message.role, content: message.content });
    }
  });
  return sent;
}

/**
 * The system message: the user's system prompt, then the instructions frozen with the turn being
 * asked (the newest user message), so a regenerate or retry sends the very same bytes again.
 */
export function systemMessage(systemPrompt: string, instructions: string): string {
  return [systemPrompt, instructions].filter((part) => part.trim().length > 0).join('\n\n');
}

/**
 * What the next send carries before its new message: the messages as {@link sentMessages} has them,
 * with the system message the new message's turn will send, holding the instructions that apply now.
 */
export function nextSendMessages(systemPrompt: string, messages: readonly ChatMessage[], instructions: string): Message[] {
  const sent = sentMessages('', messages).filter((message) => message.role !== 'system');
  const system = systemMessage(systemPrompt, instructions);
  return system.length > 0 ? [{ role: 'system', content: system }, ...sent] : sent;
}

/** The instructions frozen with the newest user message ('' when none). */
function turnInstructions(messages: readonly ChatMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role === 'user') {
      return message.instructions ?? '';
    }
  }
  return '';
}

const BYTES_PER_TOKEN = 4;
const encoder = new TextEncoder();

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

function sized(chars: number, bytes: number): RequestSize {
  return { chars, bytes, tokens: Math.ceil(bytes / BYTES_PER_TOKEN) };
}

/**
 * The size of the body that carries `messages`, built as the client builds it: the envelope, then
 * each message as an array element. A turn measures the conversation again after every change, so
 * long texts' sizes are remembered rather than serialized again each time.
 */
export function measureRequest(messages: readonly Message[]): RequestSize {
  let chars = 0;
  let bytes = EMPTY_BODY_BYTES + Math.max(0, messages.length - 1);
  for (const message of messages) {
    chars += message.content.length;
    bytes += elementBytes(message);
  }
  return sized(chars, bytes);
}

const EMPTY_BODY_BYTES = utf8Length(JSON.stringify(buildRequestBody([])));
/** A text this long has its serialized size remembered. */
const REMEMBERED_FROM = 4096;
const REMEMBERED_MOST = 256;
const rememberedBytes = new Map<string, number>();

/** UTF-8 bytes of `message` as an element of the body's array (`JSON.stringify` escapes each string on its own). */
function elementBytes(message: Message): number {
  const [element] = buildRequestBody([{ role: message.role, content: '' }]).content.messages;
  return utf8Length(JSON.stringify(element)) - 2 + contentBytes(message.content);
}

function contentBytes(content: string): number {
  if (content.length < REMEMBERED_FROM) {
    return jsonStringBytes(content);
  }
  let bytes = rememberedBytes.get(content);
  if (bytes === undefined) {
    bytes = jsonStringBytes(content);
    if (rememberedBytes.size >= REMEMBERED_MOST) {
      rememberedBytes.delete(rememberedBytes.keys().next().value ?? '');
    }
    rememberedBytes.set(content, bytes);
  }
  return bytes;
}

export function meterBase(messages: readonly Message[], attached: string): MeterBase {
  return { size: measureRequest(messages), messageCount: messages.length, attached };
}

/**
 * The text of the next user message: the typed text, then the attachments (as `composeUserMessage`
 * joins them: `attached` is what it makes of the attachments alone).
 */
export function nextMessageText(typed: string, attached: string): string {
  return [typed.trim(), attached].filter((part) => part.length > 0).join('\n\n');
}

/**
 * The size once the new message is added, without serializing the conversation again: a JSON array
 * grows by a comma and the new element, and `JSON.stringify` escapes each string on its own.
 */
export function withNextMessage(base: MeterBase, typed: string): RequestSize {
  const content = nextMessageText(typed, base.attached);
  if (content.length === 0) {
    return base.size;
  }
  const element = utf8Length(JSON.stringify({ role: 'user', content }));
  const comma = base.messageCount > 0 ? 1 : 0;
  return sized(base.size.chars + content.length, base.size.bytes + comma + element);
}

export function meterLevel(size: RequestSize, limits: MeterLimits): MeterLevel {
  if (limits.limitTokens > 0 && size.tokens > limits.limitTokens) {
    return 'over';
  }
  return limits.warningTokens > 0 && size.tokens > limits.warningTokens ? 'warning' : 'ok';
}
