import type { ClusterClientOptions, ClusterReply, RequestLogEntry, SendRequest } from './clientTypes';
import { type ClusterError, type ErrorContext, isClusterError } from '../common/errors/errors';
import { RedirectError } from '../common/errors/transportErrors';
import { abortError, originOf, transportError } from './callFailures';
import { sendableBody } from './sendableBody';
import { clusterRequestPath, parseServiceEndpoint, type ServiceEndpoint } from '../common/endpoint';
import { parseErrorBody } from '../common/errors/errorBody';
import { CallDeadline } from './http/callDeadline';
import { ConnectionPool } from './http/connectionPool';
import type { ProxyChoice } from './http/proxyChoice';
import { ACCEPTED_ENCODINGS, discardBody, headerValue, readBodyCapped } from './http/readBody';
import { classifyTransportFailure } from './http/transportFailure';
import type { Dispatcher } from './http/undici';
import { redactSecrets, scrubError } from '../common/redact';
import { checkClusterId } from '../common/clusterId';
import { errorForStatus, type InterpretedReply, interpretSuccessBody, unreadableReplyError } from './replyInterpretation';
import { parseRetryAfterSeconds } from '../common/retryAfter';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from '../common/retryPolicy';

export const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
export const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export type { ClusterClientOptions, ClusterReply, RequestLogEntry, SendRequest } from './clientTypes';

/**
 * Sends conversations to clusters over one keep-alive connection pool. Safe to share; call
 * `close()` when the settings it was made from change or the extension deactivates.
 */
export class ClusterClient {
  readonly endpoint: ServiceEndpoint;
  /** The proxy requests go through, and why. */
  readonly proxy: ProxyChoice;
  private readonly pool: ConnectionPool;
  private readonly connectTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly retryPolicy: RetryPolicy;

  constructor(private readonly options: ClusterClientOptions) {
    this.endpoint = parseServiceEndpoint(options.baseUrl);
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.retryPolicy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
    this.pool = new ConnectionPool({
      connectTimeoutMs: this.connectTimeoutMs,
      target: this.endpoint.origin,
      proxy: options.proxy,
      env: options.env,
      trust: options.trust,
    });
    this.proxy = this.pool.proxy;
  }

  /** Sends the conversation and returns the cluster's reply, or throws a {@link ClusterError}. */
  async send(request: SendRequest): Promise<ClusterReply> {
    try {
      return await this.sendChecked(request);
    } catch (error) {
      // The final scrub: whatever the server echoed, into whichever field, the key leaves in no error.
      throw scrubError(error, [request.apiKey]);
    }
  }

  private async sendChecked(request: SendRequest): Promise<ClusterReply> {
    checkClusterId(request.clusterId);
    // Encoded once: every attempt sends these bytes, and the inspector shows the same ones.
    const body = Buffer.from(JSON.stringify(sendableBody(request)), 'utf8');
    const headers = {
      authorization: `Bearer ${request.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-encoding': ACCEPTED_ENCODINGS,
      'user-agent': this.options.userAgent,
    };
    const path = clusterRequestPath(this.endpoint, request.clusterId);
    request.trace?.sent({ url: `${this.endpoint.origin}${path}`, headers, body });
    const deadline = new CallDeadline(request.totalTimeoutMs ?? this.totalTimeoutMs, request.signal);
    const started = performance.now();
    try {
      for (let attempt = 1; ; attempt++) {
        const outcome = await this.attempt({ request, path, headers, body, deadline, attempt });
        if (outcome.kind === 'reply') {
          return { ...outcome.reply, durationMs: performance.now() - started, attempts: attempt };
        }
        await deadline.sleep(outcome.retryInMs).catch(() => {
          throw abortError(deadline, { clusterId: request.clusterId });
        });
      }
    } finally {
      deadline.dispose();
    }
  }

  /** Closes the connection pool; calls under way are aborted. */
  async close(): Promise<void> {
    await this.pool.close();
  }

  private async attempt(call: AttemptCall): Promise<AttemptOutcome> {
    const { request, attempt } = call;
    const started = performance.now();
    const log: AttemptLog = (status, requestId, outcome, extra = {}) => {
      const entry: RequestLogEntry = {
        method: 'POST',
        origin: this.endpoint.origin,
        clusterId: request.clusterId,
        attempt,
        status,
        durationMs: Math.round(performance.now() - started),
        // The one text in an entry that came from the server.
        requestId: requestId === undefined ? undefined : redactSecrets(requestId, [request.apiKey]),
        outcome,
        ...extra,
      };
      this.options.log?.(entry);
      request.trace?.attempted(entry);
    };
    return this.pool.exchange((dispatcher) => this.exchange(dispatcher, call, log));
  }

  private async exchange(
    dispatcher: Dispatcher,
    { request, path, headers, body, deadline, attempt }: AttemptCall,
    log: AttemptLog,
  ): Promise<AttemptOutcome> {
    const origin = this.endpoint.origin;
    const base = { clusterId: request.clusterId };
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatcher.request({ origin, path, method: 'POST', headers, body, signal: deadline.signal });
    } catch (error) {
      const failure = classifyTransportFailure(error);
      const typed = deadline.abortedBy
        ? abortError(deadline, base)
        : transportError(failure, this.endpoint.origin, this.connectTimeoutMs, base, this.proxyHost());
      const retryInMs =
        failure.kind === 'refused' && !deadline.abortedBy
          ? retryDelayMs({ kind: 'refused' }, attempt, this.retryPolicy, deadline.remainingMs())
          : undefined;
      log(undefined, undefined, typed.kind, retryInMs === undefined ? {} : { retryInMs });
      if (retryInMs !== undefined) {
        return { kind: 'retry', retryInMs, error: typed };
      }
      throw typed;
    }

    this.pool.noteResponse(response.headers);
    const status = response.statusCode;
    const redact = (text: string): string => redactSecrets(text, [request.apiKey]);
    const echoedId = headerValue(response.headers, 'x-request-id') ?? headerValue(response.headers, 'request-id');
    const requestId = echoedId === undefined ? undefined : redact(echoedId);
    const context: ErrorContext = { ...base, status, ...(requestId === undefined ? {} : { requestId }) };
    try {
      if (status >= 200 && status < 300) {
        const reply = await this.readReply(response, context, request, redact);
        log(status, requestId, 'ok', reply.rewritten === undefined ? {} : { rewritten: reply.rewritten });
        return { kind: 'reply', reply: { assistant: reply.assistant, messages: reply.messages, status, requestId } };
      }
      if (status >= 300 && status < 400) {
        discardBody(response.body);
        const target = originOf(headerValue(response.headers, 'location'), origin);
        throw new RedirectError(target === undefined ? undefined : redact(target), context);
      }
      const retryAfterSeconds = parseRetryAfterSeconds(headerValue(response.headers, 'retry-after'));
      const error = errorForStatus(status, await this.readErrorContext(response, context, request), retryAfterSeconds);
      const retryInMs = retryDelayMs({ kind: 'status', status, retryAfterSeconds }, attempt, this.retryPolicy, deadline.remainingMs());
      if (retryInMs !== undefined) {
        log(status, error.requestId, error.kind, { retryInMs });
        return { kind: 'retry', retryInMs, error };
      }
      throw error;
    } catch (error) {
      const typed = deadline.abortedBy
        ? abortError(deadline, context)
        : isClusterError(error)
          ? error
          : transportError(classifyTransportFailure(error), this.endpoint.origin, this.connectTimeoutMs, context, this.proxyHost());
      log(status, typed.requestId, typed.kind);
      throw typed;
    }
  }

  private proxyHost(): string | undefined {
    return this.proxy.kind === 'proxy' ? this.proxy.hostPort : undefined;
  }

  private async readReply(
    response: Dispatcher.ResponseData,
    context: ErrorContext,
    request: SendRequest,
    redact: (text: string) => string,
  ): Promise<InterpretedReply> {
    const read = await readBodyCapped(response.body, response.headers, this.maxResponseBytes);
    if (read.kind !== 'text') {
      throw unreadableReplyError(read, this.maxResponseBytes, context);
    }
    request.trace?.replied(read.text);
    return interpretSuccessBody(read.text, headerValue(response.headers, 'content-type'), request.messages, context, redact);
  }

  /** Adds the server's own message and request id (redacted) to the context of an error status. */
  private async readErrorContext(response: Dispatcher.ResponseData, context: ErrorContext, request: SendRequest): Promise<ErrorContext> {
    const { apiKey } = request;
    let text = '';
    try {
      const read = await readBodyCapped(response.body, response.headers, MAX_ERROR_BODY_BYTES);
      text = read.kind === 'text' ? read.text : '';
    } catch {
      return context;
    }
    request.trace?.replied(text);
    // Redacted before it is parsed and shortened, so a cut can never leave part of the key behind.
    const info = parseErrorBody(redactSecrets(text, [apiKey]), headerValue(response.headers, 'content-type'));
    return {
      ...context,
      ...(info.message === undefined ? {} : { serverMessage: info.message }),
      ...(context.requestId === undefined && info.requestId !== undefined ? { requestId: info.requestId } : {}),
    };
  }
}

/** One attempt of a call: the same request, path, headers and body bytes each time. */
interface AttemptCall {
  readonly request: SendRequest;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly deadline: CallDeadline;
  readonly attempt: number;
}

type AttemptOutcome =
  { kind: 'reply'; reply: Omit<ClusterReply, 'durationMs' | 'attempts'> } | { kind: 'retry'; retryInMs: number; error: ClusterError };

type AttemptLog = (
  status: number | undefined,
  requestId: string | undefined,
  outcome: RequestLogEntry['outcome'],
  extra?: Pick<RequestLogEntry, 'retryInMs' | 'rewritten'>,
) => void;
