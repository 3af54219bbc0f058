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
  if (entry.retryInMs !== undefined) {
    parts.push(`retrying in ${entry.retryInMs}ms`);
  }
  return parts.join(' ');
}
