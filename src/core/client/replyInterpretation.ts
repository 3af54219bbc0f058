import { type ClusterError, type ErrorContext } from './errors';
import {
  AuthError,
  BadRequestError,
  RateLimitedError,
  RequestTooLargeError,
  ServerError,
  UnexpectedStatusError,
  UnknownClusterError,
} from './statusErrors';
import { ProtocolError } from './transportErrors';
import { l10n } from '../l10n';
import { ClusterReplySchema, type Message, type ReplyMessage } from './messages';

/** A usable reply: the whole returned conversation and the assistant message appended to it. */
export interface InterpretedReply {
  readonly assistant: Message;
  readonly messages: readonly ReplyMessage[];
}

/**
 * Checks a 2xx body: JSON, `content.messages`, and an assistant message after the `sentCount`
 * messages that were sent. Extra fields are tolerated.
 */
export function interpretSuccessBody(
  text: string,
  contentType: string | undefined,
  sentCount: number,
  context: ErrorContext,
): InterpretedReply {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    const type = contentType ? mediaType(contentType) : undefined;
    const detail = type && !type.includes('json') ? l10n.t('It was sent as {0}.', type) : l10n.t('It is cut off or malformed.');
    throw new ProtocolError('notJson', detail, context);
  }
  const parsed = ClusterReplySchema.safeParse(json);
  if (!parsed.success) {
    throw new ProtocolError('shape', describeFirstIssue(parsed.error.issues), context);
  }
  const messages = parsed.data.content.messages;
  const last = messages[messages.length - 1];
  if (messages.length <= sentCount || last === undefined) {
    throw new ProtocolError('noAssistant', l10n.t('It returned {0} message(s) for the {1} sent.', messages.length, sentCount), context);
  }
  if (last.role !== 'assistant') {
    throw new ProtocolError('noAssistant', l10n.t('Its last message has the role “{0}”.', last.role.slice(0, 40)), context);
  }
  return { assistant: { role: 'assistant', content: last.content }, messages };
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
