import type { ClusterErrorKind } from '../../client/common/errors/errors';
import type { RequestLogEntry, RequestTrace, WireRequest } from '../../client/node/clientTypes';
import { type InspectedRequest, MAX_KEPT_BODY_BYTES, maskedKey, type RequestCaller } from '../common/inspectedRequest';

export const HISTORY_SIZE = 50;

/** A request the pipeline is about to send: the client reports to `trace`, the pipeline calls `finish`. */
export interface RequestRecording {
  readonly trace: RequestTrace;
  /** The record's id once the request went on the wire. */
  readonly id: () => number | undefined;
  finish(outcome: 'ok' | ClusterErrorKind): void;
}

/**
 * The last {@link HISTORY_SIZE} requests of this window, in memory only. Records are replaced, never
 * changed in place, so a reader holds a consistent snapshot.
 */
export class RequestHistory {
  private records: InspectedRequest[] = [];
  private nextId = 1;
  private readonly listeners = new Set<(record: InspectedRequest) => void>();

  /** Newest first. */
  list(): readonly InspectedRequest[] {
    return [...this.records].reverse();
  }

  get(id: number): InspectedRequest | undefined {
    return this.records.find((record) => record.id === id);
  }

  latest(): InspectedRequest | undefined {
    return this.records.at(-1);
  }

  /** Called with each new or changed record. */
  onDidChange(listener: (record: InspectedRequest) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  begin(caller: RequestCaller, clusterId: string, now: () => number = performance.now.bind(performance)): RequestRecording {
    let id: number | undefined;
    let started = 0;
    // Held only while the request runs, to mask the key in what the service sends back.
    let apiKey: string | undefined;
    const update = (change: (record: InspectedRequest) => InspectedRequest): void => {
      const index = this.records.findIndex((record) => record.id === id);
      const current = this.records[index];
      if (current) {
        this.replace(index, change(current));
      }
    };
    const trace: RequestTrace = {
      sent: (wire) => {
        if (id !== undefined) {
          return;
        }
        apiKey = bearerKey(wire.headers);
        started = now();
        id = this.nextId++;
        this.add(recordOf(id, caller, clusterId, wire, apiKey));
      },
      attempted: (entry: RequestLogEntry) =>
        update((record) => ({
          ...record,
          attempts: entry.attempt,
          status: entry.status ?? record.status,
          requestId: entry.requestId ?? record.requestId,
          durationMs: now() - started,
        })),
      replied: (text) => {
        const kept = text.length > MAX_KEPT_BODY_BYTES ? text.slice(0, MAX_KEPT_BODY_BYTES) : text;
        update((record) => ({ ...record, replyBody: mask(kept, apiKey), replyTruncated: kept.length < text.length }));
      },
    };
    return {
      trace,
      id: () => id,
      finish: (outcome) => {
        update((record) => ({ ...record, outcome, durationMs: now() - started }));
        apiKey = undefined;
      },
    };
  }

  private add(record: InspectedRequest): void {
    this.records.push(record);
    if (this.records.length > HISTORY_SIZE) {
      this.records.splice(0, this.records.length - HISTORY_SIZE);
    }
    this.emit(record);
  }

  private replace(index: number, record: InspectedRequest): void {
    this.records[index] = record;
    this.emit(record);
  }

  private emit(record: InspectedRequest): void {
    for (const listener of this.listeners) {
      listener(record);
    }
  }
}

function recordOf(id: number, caller: RequestCaller, clusterId: string, wire: WireRequest, apiKey: string | undefined): InspectedRequest {
  const kept = wire.body.subarray(0, MAX_KEPT_BODY_BYTES);
  const masked = maskBytes(kept, apiKey);
  return {
    id,
    caller,
    clusterId,
    method: 'POST',
    url: wire.url,
    time: new Date(),
    headers: Object.entries(wire.headers).map(([name, value]) => [
      name,
      name.toLowerCase() === 'authorization' && apiKey !== undefined ? `Bearer ${maskedKey(apiKey)}` : value,
    ]),
    // A copy: the caller's buffer is not ours to keep.
    body: masked ?? Uint8Array.from(kept),
    bodyBytes: wire.body.byteLength,
    bodyMasked: masked !== undefined,
    outcome: 'pending',
    status: undefined,
    requestId: undefined,
    attempts: 0,
    durationMs: 0,
    replyBody: undefined,
    replyTruncated: false,
  };
}

function bearerKey(headers: Readonly<Record<string, string>>): string | undefined {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization');
  const match = entry && /^Bearer (.+)$/i.exec(entry[1]);
  return match?.[1];
}

function mask(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join(maskedKey(apiKey)) : text;
}

/** The body with the key masked, or undefined when the key does not occur in it (the usual case). */
function maskBytes(body: Uint8Array, apiKey: string | undefined): Uint8Array | undefined {
  if (!apiKey || Buffer.from(body.buffer, body.byteOffset, body.byteLength).indexOf(apiKey) < 0) {
    return undefined;
  }
  return Buffer.from(mask(Buffer.from(body).toString('utf8'), apiKey), 'utf8');
}
