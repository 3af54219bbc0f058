import type { ServerResponse } from 'node:http';
import type { ActionContext } from './replies/customActions';
import type { ResolvedOptions } from './options';
import type { Lifetime } from './http/lifetime';
import type { Message } from './publicTypes';

/** One accepted request to a cluster: authorized, valid, and counted as received. */
export interface ClusterExchange {
  readonly res: ServerResponse;
  readonly requestId: string;
  readonly clusterId: string;
  readonly messages: readonly Message[];
  /** How many requests this cluster has received, this one included. */
  readonly receivedCount: number;
  /** Resets the connection instead of answering. */
  reset(): void;
}

/** What cluster behaviours share for the emulator's whole life. */
export interface ClusterRuntime {
  readonly options: ResolvedOptions;
  readonly lifetime: Lifetime;
  readonly actions: ActionContext;
}
