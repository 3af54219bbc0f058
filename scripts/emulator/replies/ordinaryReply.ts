import { conversationBody } from './conversation';
import { sendError } from '../http/errorResponse';
import type { ClusterExchange, ClusterRuntime } from '../exchange';
import { demoReply, withAction } from './demoReply';
import { isWritable, JSON_TYPE, sendBody, sendJson } from '../http/respond';
import { askUpstream, UpstreamError } from './upstream';

/** The deterministic demo reply body for this exchange (runs a requested custom action). */
export function demoBody(exchange: ClusterExchange, runtime: ClusterRuntime): string {
  const lastUser = exchange.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  const scripted = runtime.options.scriptedReply?.(lastUser);
  const text =
    scripted === undefined
      ? demoReply(exchange.clusterId, exchange.messages, runtime.actions)
      : withAction(scripted, exchange.messages, runtime.actions);
  return JSON.stringify(conversationBody(exchange.messages, text));
}

export function sendDemoReply(exchange: ClusterExchange, runtime: ClusterRuntime): void {
  sendBody(exchange.res, 200, JSON_TYPE, demoBody(exchange, runtime));
}

/** An ordinary cluster: the upstream model's answer when one is configured, else the demo reply. */
export async function sendOrdinaryReply(exchange: ClusterExchange, runtime: ClusterRuntime): Promise<void> {
  const upstream = runtime.options.upstream;
  if (upstream === undefined) {
    sendDemoReply(exchange, runtime);
    return;
  }
  const { controller, release } = runtime.lifetime.controller();
  const onClose = (): void => controller.abort(new Error('The client went away.'));
  exchange.res.once('close', onClose);
  try {
    const text = await askUpstream(upstream, exchange.messages, controller.signal);
    if (isWritable(exchange.res)) {
      sendJson(exchange.res, 200, conversationBody(exchange.messages, withAction(text, exchange.messages, runtime.actions)));
    }
  } catch (error) {
    if (!isWritable(exchange.res)) {
      return;
    }
    const message = error instanceof UpstreamError ? error.message : 'The upstream call failed unexpectedly.';
    sendError(exchange.res, exchange.requestId, 502, 'upstream_error', message);
  } finally {
    exchange.res.off('close', onClose);
    release();
  }
}
