import { type ClusterError, type ErrorContext } from '../common/errors/errors';
import {
  AuthError,
  BadRequestError,
  RateLimitedError,
  RequestTooLargeError,
  ServerError,
  UnexpectedStatusError,
  UnknownClusterError,
} from '../common/errors/statusErrors';
import { ProtocolError } from '../common/errors/transportErrors';
import { l10n } from '../../base/common/l10n';
import type { BodyRead } from './http/readBody';
import { ClusterReplySchema, isClusterReplyBody, type Message, type ReplyMessage } from '../common/messages';

/** A usable reply: the conversation as sent with the assistant message appended to it. */
export interface InterpretedReply {
  readonly assistant: Message;
  readonly messages: readonly ReplyMessage[];
  /** Set when the reply changed what was sent: those changes are not taken, only the assistant message. */
  readonly rewritten?: RewrittenHistory;
}

/** How a reply differed from the messages that were sent, before its assistant message. */
export interface RewrittenHistory {
  /** Sent messages whose role or text the reply changed. */
  readonly changed: number;
  /** Messages the reply put between the sent ones and its assistant message. */
  readonly added: number;
}

/**
 * Checks a 2xx body: JSON, `content.messages`, and an assistant message after the messages that
 * were sent. Extra fields are tolerated. Only that appended assistant message is taken: the
 * conversation stays what was sent, whatever the reply did to it (`rewritten` says what). Texts from
 * the reply go through `redact` before they are shortened into a message.
 */
export function interpretSuccessBody(
  text: string,
  contentType: string | undefined,
  sent: readonly Message[],
  context: ErrorContext,
  redact: (text: string) => string = (value) => value,
): InterpretedReply {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    const type = contentType ? mediaType(redact(contentType)) : undefined;
    const detail = type && !type.includes('json') ? l10n.t('It was sent as {0}.', type) : l10n.t('It is cut off or malformed.');
    throw new ProtocolError('notJson', detail, context);
  }
  if (!isClusterReplyBody(json)) {
    const parsed = ClusterReplySchema.safeParse(json);
    throw new ProtocolError('shape', parsed.success ? '' : describeFirstIssue(parsed.error.issues), context);
  }
  const messages = json.content.messages;
  const last = messages[messages.length - 1];
  if (messages.length <= sent.length || last === undefined) {
    throw new ProtocolError('noAssistant', l10n.t('It returned {0} message(s) for the {1} sent.', messages.length, sent.length), context);
  }
  if (last.role !== 'assistant') {
    throw new ProtocolError('noAssistant', l10n.t('Its last message has the role “{0}”.', redact(last.role).slice(0, 40)), context);
  }
  const assistant: Message = { role: 'assistant', content: last.content };
  const changed = sent.filter(
    (message, index) => message.role !== messages[index]?.role || message.content !== messages[index]?.content,
  ).length;
  const added = messages.length - sent.length - 1;
  return { assistant, messages: [...sent, assistant], ...(changed + added === 0 ? {} : { rewritten: { changed, added } }) };
}

/** The error for a 2xx body that could not be read: over the cap, or not decodable. */
export function unreadableReplyError(read: Exclude<BodyRead, { kind: 'text' }>, maxBytes: number, context: ErrorContext): ProtocolError {
  switch (read.kind) {
    case 'tooLarge':
      return new ProtocolError('tooLarge', l10n.t('Replies over {0} MB are not read.', Math.round(maxBytes / (1024 * 1024))), context);
    case 'unknownEncoding':
      return new ProtocolError(
        'encoding',
        l10n.t(
          'It was sent with the content encoding “{0}”, which Cluster Chat cannot decode (it accepts gzip, deflate and br).',
          read.encoding,
        ),
        context,
      );
    case 'undecodable':
      return new ProtocolError(
        'encoding',
        read.encoding === undefined ? l10n.t('It is not valid UTF-8 text.') : l10n.t('Its “{0}” compression is corrupt.', read.encoding),
        context,
      );
  }
}

/** The typed error for a non-2xx, non-3xx status. */
export function errorForStatus(status: number, context: ErrorContext, retryAfterSeconds: number | undefined): ClusterError {
  if (status === 401 || status === 403) {
    return new AuthError(context);
  }
  if (status === 404) {
    return new UnknownClusterError(context);
  }
  if (status === 400 || status === 422) {
    return new BadRequestError(context);
  }
  if (status === 413) {
    return new RequestTooLargeError(context);
  }
  if (status === 429) {
    return new RateLimitedError(context, retryAfterSeconds);
  }
  if (status >= 500 && status <= 599) {
    return new ServerError(context, retryAfterSeconds);
  }
  return new UnexpectedStatusError(context);
}

interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly code: string;
  readonly expected?: unknown;
}

function describeFirstIssue(issues: readonly IssueLike[]): string {
  const issue = issues[0];
  if (issue === undefined) {
    return '';
  }
  const path = issue.path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
  const expectation = typeof issue.expected === 'string' ? l10n.t('expected {0}', issue.expected) : issue.code.replace(/_/g, ' ');
  return l10n.t('At {0}: {1}.', path || l10n.t('the top level'), expectation);
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase().slice(0, 80);
}
