import { createDispatcher, type DispatcherOptions, idleReuseMs, KEEP_ALIVE_MS } from './dispatcher';
import type { ProxyChoice } from './proxyChoice';
import { headerValue } from './readBody';
import type { Dispatcher } from './undici';

/**
 * The client's keep-alive pool. The pool closes a connection once it idled past its limit, on a
 * timer; when the event loop was too busy to run that timer (a long synchronous task in the same
 * process), a request would still go out on a connection the server may be closing. So the pool
 * notes when it fell idle and how long the last response's connection may idle, and is replaced
 * before a request that comes later than that.
 */
export class ConnectionPool {
  readonly proxy: ProxyChoice;
  private dispatcher: Dispatcher;
  private inFlight = 0;
  /** performance.now() when the last exchange ended. */
  private idleSince = 0;
  private idleLimitMs = KEEP_ALIVE_MS;

  constructor(private readonly options: DispatcherOptions) {
    ({ dispatcher: this.dispatcher, proxy: this.proxy } = createDispatcher(options));
  }

  /** Runs one exchange (the request and the reading of its reply) with the pool's connection. */
  async exchange<T>(run: (dispatcher: Dispatcher) => Promise<T>): Promise<T> {
    if (this.inFlight === 0 && this.idleSince > 0 && performance.now() - this.idleSince >= this.idleLimitMs) {
      const stale = this.dispatcher;
      this.dispatcher = createDispatcher(this.options).dispatcher;
      void stale.destroy().catch(() => undefined);
    }
    this.inFlight++;
    try {
      return await run(this.dispatcher);
    } finally {
      this.inFlight--;
      this.idleSince = performance.now();
    }
  }

  /** Reads a response's Keep-Alive hint as the pool applies it. */
  noteResponse(headers: Dispatcher.ResponseData['headers']): void {
    this.idleLimitMs = idleReuseMs(headerValue(headers, 'keep-alive'));
  }

  async close(): Promise<void> {
    await this.dispatcher.destroy().catch(() => undefined);
  }
}
