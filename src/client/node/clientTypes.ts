import type { ClusterError } from '../common/errors/errors';
import type { ProxySettings } from './http/dispatcher';
import type { TrustedCertificates } from './http/trust';
import type { Message, ReplyMessage } from '../common/messages';
import type { RetryPolicy } from '../common/retryPolicy';
import type { RewrittenHistory } from './replyInterpretation';

/** What a ClusterClient is made from, what it is asked, what it answers and logs. */
export interface ClusterClientOptions {
  /** Base address including the version segment, e.g. `https://api.wizlay.com/v1`. */
  readonly baseUrl: string;
  /** Sent as User-Agent, e.g. `cluster-chat/0.1.0`. */
  readonly userAgent: string;
  readonly connectTimeoutMs?: number;
  /** Default total time for one call, every attempt and wait included. */
  readonly totalTimeoutMs?: number;
  /** Replies larger than this are not read. */
  readonly maxResponseBytes?: number;
  readonly retryPolicy?: RetryPolicy;
  readonly proxy?: ProxySettings;
  /** Environment for HTTPS_PROXY / HTTP_PROXY / NO_PROXY (the host passes process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The CAs to trust (Node's, NODE_EXTRA_CA_CERTS, the system store); without it, Node's defaults. */
  readonly trust?: TrustedCertificates;
  /** Receives one entry per attempt; entries never hold the key or message contents. */
  readonly log?: (entry: RequestLogEntry) => void;
}

export interface SendRequest {
  readonly clusterId: string;
  readonly messages: readonly Message[];
  readonly apiKey: string;
  readonly signal?: AbortSignal;
  /** Overrides the client's total timeout for this call. */
  readonly totalTimeoutMs?: number;
  /** Follows this call (the request inspector). */
  readonly trace?: RequestTrace;
}

/** A request as it goes on the wire. */
export interface WireRequest {
  readonly url: string;
  /** The headers the client sets (the HTTP library adds Host and Content-Length), the key still in them. */
  readonly headers: Readonly<Record<string, string>>;
  /** The exact body bytes, the same buffer every attempt sends. */
  readonly body: Uint8Array;
}

/** Follows one call: what went on the wire, each attempt, and what came back. */
export interface RequestTrace {
  /** Once, before the first attempt. */
  sent(wire: WireRequest): void;
  /** After each attempt, the entry the client's log gets too. */
  attempted(entry: RequestLogEntry): void;
  /** The text of a reply body the client read (a success's or an error status's). */
  replied(text: string): void;
}

export interface ClusterReply {
  /** The assistant message the cluster appended. */
  readonly assistant: Message;
  /**
   * The conversation as it was sent, with that assistant message appended: what a reply did to the
   * earlier messages is not taken (the log entry's `rewritten` notes it).
   */
  readonly messages: readonly ReplyMessage[];
  readonly status: number;
  readonly requestId: string | undefined;
  readonly durationMs: number;
  readonly attempts: number;
}

export interface RequestLogEntry {
  readonly method: 'POST';
  readonly origin: string;
  readonly clusterId: string;
  readonly attempt: number;
  readonly status: number | undefined;
  readonly durationMs: number;
  readonly requestId: string | undefined;
  /** 'ok', or the kind of error this attempt ended with. */
  readonly outcome: 'ok' | ClusterError['kind'];
  /** Set when the client waits this long and tries again. */
  readonly retryInMs?: number;
  /** Set when the reply changed the messages that were sent (only its assistant message was taken). */
  readonly rewritten?: RewrittenHistory;
}
