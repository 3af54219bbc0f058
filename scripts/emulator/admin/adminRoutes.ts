import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from '../http/errorResponse';
import { sendJson } from '../http/respond';
import type { ReceivedLog } from './receivedLog';
import type { StatsRecorder } from './statsRecorder';

interface AdminDeps {
  readonly stats: StatsRecorder;
  readonly received: ReceivedLog;
}

/**
 * Emulator-only helpers for tests and scripts in other processes. They need no key and are
 * not part of the Clusters API.
 */
const ROUTES: Readonly<Record<string, { method: string; run: (deps: AdminDeps) => unknown }>> = {
  '/v1/_emulator/stats': { method: 'GET', run: ({ stats }) => stats.snapshot() },
  '/v1/_emulator/received': { method: 'GET', run: ({ received }) => ({ requests: received.list() }) },
  '/v1/_emulator/reset': {
    method: 'POST',
    run: ({ stats, received }) => {
      stats.reset();
      received.reset();
      return { reset: true };
    },
  },
};

export function isAdminPath(path: string): boolean {
  return Object.hasOwn(ROUTES, path);
}

export function handleAdmin(req: IncomingMessage, res: ServerResponse, path: string, requestId: string, deps: AdminDeps): void {
  req.resume();
  const route = ROUTES[path];
  if (route === undefined) {
    sendError(res, requestId, 404, 'not_found', `No such endpoint: ${path}.`);
  } else if (req.method !== route.method) {
    sendError(res, requestId, 405, 'method_not_allowed', `Use ${route.method} for ${path}.`, { Allow: route.method });
  } else {
    sendJson(res, 200, route.run(deps));
  }
}
