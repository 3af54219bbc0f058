/** The built-in fault clusters, selectable by exact id, and their one-line descriptions. */

export const FAULT_CLUSTERS = [
  { id: 'fault-429', description: '429 with Retry-After and a JSON error' },
  { id: 'fault-429-once', description: 'odd-numbered requests get 429 with Retry-After, even-numbered ones a good reply' },
  { id: 'fault-403', description: '403 JSON error: the key has no access to this cluster' },
  { id: 'fault-422', description: '422 with a FastAPI-style {"detail":[...]} body and no "error" object' },
  { id: 'fault-500', description: '500 JSON error' },
  { id: 'fault-502', description: '502 with an HTML "Bad Gateway" page, as a proxy sends it' },
  { id: 'fault-503', description: '503 JSON error with Retry-After' },
  { id: 'fault-hang', description: 'reads the request and never answers' },
  { id: 'fault-slow-body', description: '200 headers at once, then a good reply in small chunks spread over the slow delay' },
  { id: 'fault-reset', description: 'reads the whole request, then resets the connection' },
  { id: 'fault-malformed-json', description: '200 application/json with a truncated JSON body' },
  { id: 'fault-no-assistant', description: '200 echoing the sent messages without an assistant message' },
  { id: 'fault-huge', description: '200 whose assistant content is huge (20 MiB by default), streamed' },
  { id: 'fault-redirect', description: '307 to another origin with an empty body' },
  { id: 'fault-text-plain', description: '200 text/plain body "OK"' },
  { id: 'slow-good', description: 'a good reply after the slow delay (custom actions run when the request arrives)' },
  { id: 'echo', description: 'replies with the last user message, verbatim, as the assistant message (for rendering tests)' },
  {
    id: 'transcript',
    description: 'replies with the whole conversation it received, one "role:" heading per message (to see what a client sent)',
  },
] as const;

export type FaultClusterId = (typeof FAULT_CLUSTERS)[number]['id'];

export const FAULT_CLUSTER_IDS: ReadonlySet<string> = new Set(FAULT_CLUSTERS.map((cluster) => cluster.id));

export function isFaultClusterId(id: string): id is FaultClusterId {
  return FAULT_CLUSTER_IDS.has(id);
}

export const ORDINARY_CLUSTER_DESCRIPTION = 'ordinary cluster: deterministic demo replies and custom actions';
export const UPSTREAM_CLUSTER_DESCRIPTION = 'ordinary cluster: answers through the upstream model, runs custom actions';
