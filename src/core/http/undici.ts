/**
 * The one place the HTTP library is imported, so the rest of core depends on a small surface.
 */
export { Agent, EnvHttpProxyAgent } from 'undici';
export type { Dispatcher } from 'undici';
