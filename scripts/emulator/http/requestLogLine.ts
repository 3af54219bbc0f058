/**
 * One log line per request: method, path (never the query string), cluster, status and time.
 * Headers are never logged, so the API key cannot reach the log.
 */
export function requestLogLine(
  method: string | undefined,
  path: string,
  clusterId: string | undefined,
  status: number | string,
  durationMs: number,
): string {
  const cluster = clusterId === undefined ? '-' : JSON.stringify(clusterId);
  return `${printable(method ?? '?')} ${printable(path)} cluster=${cluster} ${status} ${Math.round(durationMs)}ms`;
}

function printable(text: string): string {
  return text.slice(0, 200).replace(/[^\x21-\x7e]/g, '?');
}
