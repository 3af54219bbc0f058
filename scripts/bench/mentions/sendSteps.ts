import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message } from '../../../src/client/common/messages';
import { sendableBody } from '../../../src/client/node/sendableBody';
import { measureRequest, sentMessages } from '../../../src/chat/common/contextMeter';
import {
  type Attachment,
  appendMessage,
  composeUserMessage,
  requestMessages,
  type StoredConversation,
} from '../../../src/conversations/common/conversation';
import { encodeRecord } from '../../../src/conversations/common/conversationLog';
import { findActionPhrases, type LabelledText } from '../../../src/guards/common/actionPhrases';
import { findPartSecrets, type GuardedPart } from '../../../src/guards/common/secretSources';
import { RequestHistory } from '../../../src/inspector/node/requestHistory';
import { systemMessageParts } from '../../../src/instructions/common/systemMessageParts';
import { cutMention } from '../../../src/mentions/common/mentionText';

/** Milliseconds spent in each step of one send, by name. */
export type StepTimes = Record<string, number>;

function timed<Result>(times: StepTimes, step: string, work: () => Result): Result {
  const started = performance.now();
  const result = work();
  times[step] = (times[step] ?? 0) + performance.now() - started;
  return result;
}

/**
 * The mentioned files as `MentionResolver` attaches them, read with Node rather than VS Code's
 * documents: each file's text, cut to what a mention takes. (The chat reads a file when its
 * mention is chosen, before the send; it is timed here with the send to hold the two together.)
 */
export async function readMentions(folder: string, names: readonly string[], times: StepTimes): Promise<Attachment[]> {
  const started = performance.now();
  const attachments = await Promise.all(
    names.map(async (name, index): Promise<Attachment> => {
      const file = path.join(folder, name);
      const code = cutMention(await fs.promises.readFile(file, 'utf8'));
      return { id: `m${index}`, label: name, fileName: name, languageId: 'typescript', code, uri: pathToFileURL(file).toString() };
    }),
  );
  times['read'] = performance.now() - started;
  return attachments;
}

/** `untypedParts` of the action-phrase guard (which names the parts with VS Code's l10n): every message but the typed text. */
function untypedParts(messages: readonly Message[], typed: string): LabelledText[] {
  const last = messages.length - 1;
  return messages.flatMap((message, index): LabelledText[] => {
    if (message.role === 'system') {
      return systemMessageParts(message.content).map((part) => ({ source: part.kind, text: part.text }));
    }
    if (index === last && message.role === 'user' && typed.length > 0 && message.content.startsWith(typed)) {
      return [{ source: 'the attachments of this message', text: message.content.slice(typed.length) }];
    }
    return [{ source: `message ${index}`, text: message.content }];
  });
}

export interface SendSetup {
  readonly conversation: StoredConversation;
  readonly typed: string;
  readonly attachments: readonly Attachment[];
  readonly phrases: readonly string[];
  readonly apiKey: string;
}

/**
 * What the host does with a send, in the order it does it, but for what needs VS Code (its
 * dialogs, the webview's transport, the log's file write, the socket): the check for an empty
 * message (`ChatController.send`), the secret guard over the typed text and each attachment and
 * the message composed again from what it passed (`NextSend.prepare`), the request measured
 * against the hard limit, the message appended and its log record and the view's message encoded,
 * the action-phrase guard over all but the typed text (`ChatTurns.send`), and the body as the
 * client encodes it, kept by the request inspector. Returns the body's size in bytes.
 */
export function runSend(setup: SendSetup, times: StepTimes): number {
  const { typed, attachments } = setup;
  if (timed(times, 'compose', () => composeUserMessage(typed, attachments).trim().length === 0)) {
    throw new Error('the message to send is empty');
  }
  const parts: GuardedPart[] = [
    { origin: 'typed', name: '', text: typed },
    ...attachments.map((attachment) => ({ origin: 'attachment' as const, name: attachment.label, text: attachment.code })),
    { origin: 'instructions', name: '', text: '' },
  ];
  const secrets = timed(times, 'secret guard', () => findPartSecrets(parts));
  if (secrets.length > 0) {
    throw new Error(`the mentioned files hold ${secrets.length} credentials: the send would stop for a question`);
  }
  const content = timed(times, 'compose', () => composeUserMessage(typed, attachments));
  const message = { id: 'bench-sent', role: 'user' as const, content, at: new Date().toISOString() };
  const conversation = timed(times, 'compose', () => {
    measureRequest(sentMessages(setup.conversation.systemPrompt, [...setup.conversation.messages, message]));
    return appendMessage(setup.conversation, message);
  });
  timed(times, 'serialise', () => {
    encodeRecord({ t: 'msg', ...message });
    const index = conversation.messages.length - 1;
    JSON.stringify({ type: 'messagesAppended', conversationId: conversation.id, messages: [{ index, role: 'user', content }] });
  });
  const messages = timed(times, 'compose', () => requestMessages(conversation));
  const matches = timed(times, 'action-phrase guard', () => findActionPhrases(setup.phrases, untypedParts(messages, typed), { limit: 50 }));
  if (matches.length > 0) {
    throw new Error(`the mentioned files hold ${matches.length} action phrases: the send would stop for a question`);
  }
  return timed(times, 'serialise', () => {
    const body = Buffer.from(JSON.stringify(sendableBody({ clusterId: 'demo', messages, apiKey: setup.apiKey })), 'utf8');
    const headers = { authorization: `Bearer ${setup.apiKey}`, 'content-type': 'application/json' };
    new RequestHistory().begin('chat', 'demo').trace.sent({ url: 'https://cluster.example.com/clusters/demo', headers, body });
    return body.byteLength;
  });
}
