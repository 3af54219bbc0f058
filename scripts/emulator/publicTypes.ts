/** Public types of the local cluster emulator. */

export interface UpstreamOptions {
  /** Base address of an OpenAI-compatible API, e.g. `http://127.0.0.1:11434/v1`. */
  url: string;
  model: string;
  apiKey?: string;
  /** Default 60 000 ms. */
  timeoutMs?: number;
}

export interface EmulatorOptions {
  /** Default 0 (a random free port). */
  port?: number;
  /** Default `127.0.0.1`. Only loopback addresses are accepted (127.0.0.0/8, ::1, localhost). */
  host?: string;
  /** Default `emulator-dev-key`. */
  apiKey?: string;
  /** Ids of ordinary (good) clusters. Default `['demo']`. */
  clusters?: readonly string[];
  /** Default 4 MiB. Larger request bodies get 413. */
  maxBodyBytes?: number;
  /** Retry-After given by the 429 and 503 clusters. Default 1. */
  retryAfterSeconds?: number;
  /** Delay used by `slow-good` and `fault-slow-body`. Default 3000. */
  slowMs?: number;
  /** Length of the assistant content sent by `fault-huge`. Default 20 MiB. */
  hugeReplyBytes?: number;
  /** Location sent by `fault-redirect`. Default `http://127.0.0.2:9/v1/clusters?id=demo`. */
  redirectTarget?: string;
  /** When set, ordinary clusters answer through this OpenAI-compatible API. */
  upstream?: UpstreamOptions;
  /**
   * Tests' own answers: when it returns text for the last user message, an ordinary cluster
   * answers with that text instead of the demo reply (custom actions still run).
   */
  scriptedReply?: (lastUserMessage: string) => string | undefined;
  /** Receives one line per request. The Authorization header and the query string are never logged. */
  log?: (line: string) => void;
}

export type RequestOutcome = 'completed' | 'aborted' | 'reset' | 'pending';

export interface RequestRecord {
  /** The request's sequence number; `x-request-id` is `req_` followed by it, zero-padded. */
  seq: number;
  clusterId: string | undefined;
  /** Status sent, or 0 when no response was started. */
  status: number;
  outcome: RequestOutcome;
  messageCount: number;
  durationMs: number;
}

/** A request to /v1/clusters as it arrived (the last 50 are kept). */
export interface ReceivedRequest {
  /** The `x-request-id` the emulator answered it with. */
  requestId: string;
  clusterId: string | undefined;
  /** Header names in lower case, as Node received them, without Authorization. */
  headers: Record<string, string>;
  /** The last four characters of the Authorization header: never the key itself. */
  authorizationEnding: string;
  /** The body bytes as received. */
  bodyBase64: string;
}

export interface ClusterStats {
  /** Authorized POSTs naming this cluster (even ones then rejected as invalid), counted before its behaviour runs. */
  received: number;
  /** Responses that were sent completely. */
  completed: number;
  /** Requests whose client went away before the response was complete. */
  aborted: number;
}

export interface EmulatorStats {
  /** Requests to any path except the `/v1/_emulator/*` helpers. */
  total: number;
  clusters: Record<string, ClusterStats>;
  sideEffects: { ticketsCreated: number };
  /** TCP connections open to the emulator now, the one asking for these stats included. */
  openConnections: number;
  /** The last 1000 requests, oldest first. */
  requests: RequestRecord[];
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT/v1` */
  readonly baseUrl: string;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly port: number;
  readonly apiKey: string;
  /** A snapshot copy. */
  stats(): EmulatorStats;
  resetStats(): void;
  /** The last 50 requests to /v1/clusters as they arrived, oldest first. */
  received(): ReceivedRequest[];
  /** Stops listening, destroys every open socket and clears every timer. Idempotent. */
  close(): Promise<void>;
}

export interface Message {
  role: 'system' | 'user' | 'assistant';
  content: string;
}
