import * as assert from 'node:assert/strict';
import { createPrivateCa, type PrivateCa, type ProxyAuth, type RealServer, startNginx, startTinyproxy } from './realServers';

export const PROXY_AUTH: ProxyAuth = { user: 'cc-proxy-user', password: 'cc-proxy-pass-5d81b7' };

/** Basic credentials as a Proxy-Authorization value, as a user would put them into `http.proxyAuthorization`. */
export function basicAuthorization(auth: ProxyAuth): string {
  return `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
}

/**
 * nginx with a private CA in front of `upstream`, tinyproxy without and with basic authentication,
 * for one suite. Each started server is stopped again, also when a later one fails to start.
 */
export class CorporateNetwork {
  ca!: PrivateCa;
  nginx!: RealServer;
  openProxy!: RealServer;
  authProxy!: RealServer;
  private readonly started: RealServer[] = [];

  async start(upstream: string): Promise<void> {
    this.ca = createPrivateCa('network');
    this.nginx = this.track(await startNginx(this.ca, upstream));
    this.openProxy = this.track(await startTinyproxy());
    this.authProxy = this.track(await startTinyproxy(PROXY_AUTH));
  }

  async stop(): Promise<void> {
    await Promise.all(this.started.splice(0).map((server) => server.stop()));
    (this.ca as PrivateCa | undefined)?.remove();
  }

  /** The base URL through nginx; `localhost`, the name on its certificate. */
  baseUrl(): string {
    return `https://localhost:${this.nginx.port}/v1`;
  }

  proxyUrl(server: RealServer, auth?: ProxyAuth): string {
    return `http://${auth ? `${auth.user}:${auth.password}@` : ''}127.0.0.1:${server.port}`;
  }

  /** How many CONNECT tunnels to nginx the proxy opened so far. */
  tunnels(proxy: RealServer): number {
    return proxy.logs().split(`CONNECT localhost:${this.nginx.port}`).length - 1;
  }

  /** Fails if any server's log holds a secret: the API key, the proxy password or its Basic form. */
  assertLogsClean(secrets: readonly string[]): void {
    const forbidden = [...secrets, PROXY_AUTH.password, basicAuthorization(PROXY_AUTH).slice('Basic '.length)];
    for (const server of this.started) {
      const logs = server.logs();
      assert.ok(logs.length > 0, `${server.folder} wrote no log`);
      for (const secret of forbidden) {
        assert.ok(!logs.includes(secret), `a secret is in the log of ${server.folder}`);
      }
    }
  }

  private track(server: RealServer): RealServer {
    this.started.push(server);
    return server;
  }
}
