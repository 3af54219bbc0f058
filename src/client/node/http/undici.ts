/**
 * The one place the HTTP library is imported, so the rest of the client depends on a small surface.
 * Only the dispatchers and two calls of the API are loaded: `request`, which the client uses, and
 * `connect`, which the proxy agent uses for its tunnel (not fetch, WebSocket, streams, mocks or
 * caches), which keeps the bundle small; the types are undici's own.
 */
import type * as Undici from 'undici';

/* eslint-disable @typescript-eslint/no-require-imports -- undici's parts by path, so its index (and all it loads) stays out of the bundle */

const DispatcherBase = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
const requestApi = {
  request: require('undici/lib/api/api-request') as unknown,
  connect: require('undici/lib/api/api-connect') as unknown,
};
export const Agent = require('undici/lib/dispatcher/agent') as typeof Undici.Agent;
export const ProxyAgent = require('undici/lib/dispatcher/proxy-agent') as typeof Undici.ProxyAgent;
/* eslint-enable @typescript-eslint/no-require-imports */

// What undici's index does: `dispatcher.request()` and `connect()` come from the API modules.
Object.assign(DispatcherBase.prototype, requestApi);

export type { Dispatcher } from 'undici';
