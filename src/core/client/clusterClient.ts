import type { ClusterClientOptions, ClusterReply, RequestLogEntry, SendRequest } from './clientTypes';
import { type ClusterError, type ErrorContext, isClusterError } from './errors';
import { ProtocolError, RedirectError } from './transportErrors';
import { abortError, originOf, transportError } from './callFailures';
import { sendableBody } from './sendableBody';
import { clusterRequestPath, parseServiceEndpoint, type ServiceEndpoint } from './endpoint';
import { parseErrorBody } from './errorBody';
import { l10n } from '../l10n';
import { CallDeadline } from './http/callDeadline';
import { createDispatcher } from './http/dispatcher';
import type { ProxyChoice } from './http/proxyChoice';
import { discardBody, headerValue, readBodyCapped } from './http/readBody';
import { classifyTransportFailure } from './http/transportFailure';
import type { Dispatcher } from './http/undici';
import { redactSecrets } from './redact';
import { errorForStatus, interpretSuccessBody } from './replyInterpretation';
import { parseRetryAfterSeconds } from './retryAfter';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retryPolicy';

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
  private readonly dispatcher: Dispatcher;
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
    ({ dispatcher: this.dispatcher, proxy: this.proxy } = createDispatcher({
      connectTimeoutMs: this.connectTimeoutMs,
      target: this.endpoint.origin,
      proxy: options.proxy,
      env: options.env,
      trust: options.trust,
    }));
  }

  /** Sends the conversation and returns the cluster's reply, or throws a {@link ClusterError}. */
  async send(request: SendRequest): Promise<ClusterReply> {
    // Encoded once: every attempt sends these bytes, and the inspector shows the same ones.
    const body = Buffer.from(JSON.stringify(sendableBody(request)), 'utf8');
    const headers = {
      authorization: `Bearer ${request.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    const path = clusterRequestPath(this.endpoint, request.clusterId);
    request.trace?.sent({ url: `${this.endpoint.origin}${path}`, headers, body });
    const deadline = new CallDeadline(request.totalTimeoutMs ?? this.totalTimeoutMs, request.signal);
    const started = performance.now();
    try {
      for (let attempt = 1; ; attempt++) {
        const outcome = await this.attempt(request, path, headers, body, deadline, attempt);
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
    await this.dispatcher.destroy().catch(() => undefined);
  }

  private async attempt(
    request: SendRequest,
    path: string,
    headers: Record<string, string>,
    body: Buffer,
    deadline: CallDeadline,
    attempt: number,
  ): Promise<
    { kind: 'reply'; reply: Omit<ClusterReply, 'durationMs' | 'attempts'> } | { kind: 'retry'; retryInMs: number; error: ClusterError }
  > {
    const origin = this.endpoint.origin;
    const started = performance.now();
    const base = { clusterId: request.clusterId };
    const log = (
      status: number | undefined,
      requestId: string | undefined,
      outcome: RequestLogEntry['outcome'],
      retryInMs?: number,
    ): void => {
      const entry: RequestLogEntry = {
        method: 'POST',
        origin,
        clusterId: request.clusterId,
        attempt,
        status,
        durationMs: Math.round(performance.now() - started),
        requestId,
        outcome,
        ...(retryInMs === undefined ? {} : { retryInMs }),
      };
      this.options.log?.(entry);
      request.trace?.attempted(entry);
    };

    let response: Dispatcher.ResponseData;
    try {
      response = await this.dispatcher.request({ origin, path, method: 'POST', headers, body, signal: deadline.signal });
    } catch (error) {
      const failure = classifyTransportFailure(error);
      const typed = deadline.abortedBy
        ? abortError(deadline, base)
        : transportError(failure, this.endpoint.origin, this.connectTimeoutMs, base, this.proxyHost());
      const retryInMs =
        failure.kind === 'refused' && !deadline.abortedBy
          ? retryDelayMs({ kind: 'refused' }, attempt, this.retryPolicy, deadline.remainingMs())
          : undefined;
      log(undefined, undefined, typed.kind, retryInMs);
      if (retryInMs !== undefined) {
        return { kind: 'retry', retryInMs, error: typed };
      }
      throw typed;
    }

    const status = response.statusCode;
    const requestId = headerValue(response.headers, 'x-request-id') ?? headerValue(response.headers, 'request-id');
    const context: ErrorContext = { ...base, status, ...(requestId === undefined ? {} : { requestId }) };
    try {
      if (status >= 200 && status < 300) {
        const reply = await this.readReply(response, context, request);
        log(status, requestId, 'ok');
        return { kind: 'reply', reply: { ...reply, status, requestId } };
      }
      if (status >= 300 && status < 400) {
        discardBody(response.body);
        throw new RedirectError(originOf(headerValue(response.headers, 'location'), origin), context);
      }
      const retryAfterSeconds = parseRetryAfterSeconds(headerValue(response.headers, 'retry-after'));
      const error = errorForStatus(status, await this.readErrorContext(response, context, request), retryAfterSeconds);
      const retryInMs = retryDelayMs({ kind: 'status', status, retryAfterSeconds }, attempt, this.retryPolicy, deadline.remainingMs());
      if (retryInMs !== undefined) {
        log(status, error.requestId, error.kind, retryInMs);
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

  private async readReply(response: Dispatcher.ResponseData, context: ErrorContext, request: SendRequest) {
    const read = await readBodyCapped(response.body, response.headers, this.maxResponseBytes);
    if (read.complete) {
      request.trace?.replied(read.text);
    }
    if (!read.complete) {
      throw new ProtocolError(
        'tooLarge',
        l10n.t('Replies over {0} MB are not read.', Math.round(this.maxResponseBytes / (1024 * 1024))),
        context,
      );
    }
    return interpretSuccessBody(read.text, headerValue(response.headers, 'content-type'), request.messages.length, context);
  }

  /** Adds the server's own message and request id (redacted) to the context of an error status. */
  private async readErrorContext(response: Dispatcher.ResponseData, context: ErrorContext, request: SendRequest): Promise<ErrorContext> {
    const { apiKey } = request;
    let text = '';
    try {
      const read = await readBodyCapped(response.body, { 'content-length': undefined }, MAX_ERROR_BODY_BYTES);
      text = read.complete ? read.text : '';
    } catch {
      return context;
    }
    request.trace?.replied(text);
    const info = parseErrorBody(text, headerValue(response.headers, 'content-type'));
    return {
      ...context,
      ...(info.message === undefined ? {} : { serverMessage: redactSecrets(info.message, [apiKey]) }),
      ...(context.requestId === undefined && info.requestId !== undefined ? { requestId: redactSecrets(info.requestId, [apiKey]) } : {}),
    };
  }
}
