import type { RequestLogEntry } from './clusterClient';

/** One log line per attempt: method, cluster, status, duration, request id. No key, no content. */
export function formatRequestLogEntry(entry: RequestLogEntry): string {
  const parts = [
    `${entry.method} ${entry.origin} cluster=${JSON.stringify(entry.clusterId)}`,
    `attempt=${entry.attempt}`,
    `status=${entry.status ?? '-'}`,
    `${entry.durationMs}ms`,
    `request-id=${entry.requestId ?? '-'}`,
    entry.outcome,
  ];
  if (entry.rewritten !== undefined) {
    parts.push(
      `reply changed the sent history (${entry.rewritten.changed} changed, ${entry.rewritten.added} added): kept what was sent, took only the appended assistant message`,
    );
  }
  if (entry.retryInMs !== undefined) {
    parts.push(`retrying in ${entry.retryInMs}ms`);
  }
  return parts.join(' ');
}
