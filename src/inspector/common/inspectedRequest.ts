import type { ClusterErrorKind } from '../../client/common/errors/errors';

/** Who sent a request: shown in the inspector and the log, so a request can be traced to the feature that made it. */
export type RequestCaller = 'selectionAction' | 'sourceControl' | 'terminal' | 'chat' | 'participant' | 'languageModel' | 'api' | 'tool';

/** How a request ended; `pending` while it runs. */
export type RequestOutcome = 'pending' | 'ok' | ClusterErrorKind;

/**
 * One request as it went on the wire and came back, kept in memory for the inspector. The key is
 * never held here: the Authorization header is stored masked, and the key is masked in the bodies.
 */
export interface InspectedRequest {
  /** Counts up from 1 in this window; what *Show Request* opens. */
  readonly id: number;
  readonly caller: RequestCaller;
  readonly clusterId: string;
  readonly method: 'POST';
  readonly url: string;
  /** When the request was sent. */
  readonly time: Date;
  /** Header names and values as sent, Authorization masked. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** The body bytes as sent (up to {@link MAX_KEPT_BODY_BYTES}). */
  readonly body: Uint8Array;
  /** The body's whole length, which is more than `body` holds only for a very large body. */
  readonly bodyBytes: number;
  /** Whether the key itself occurred in the body and was masked there. */
  readonly bodyMasked: boolean;
  readonly outcome: RequestOutcome;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly attempts: number;
  /** Until the request ends, the time so far. */
  readonly durationMs: number;
  /** The last reply body read (success or error), up to {@link MAX_KEPT_BODY_BYTES} characters. */
  readonly replyBody: string | undefined;
  readonly replyTruncated: boolean;
}

/** Bodies above this are kept cut short, so 50 records cannot hold hundreds of megabytes. */
export const MAX_KEPT_BODY_BYTES = 1024 * 1024;

/** How the key is shown: never the key, only its last four characters. */
export function maskedKey(apiKey: string): string {
  return `••••${apiKey.slice(-4)}`;
}
