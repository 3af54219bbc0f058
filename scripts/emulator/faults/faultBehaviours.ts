import type { FaultClusterId } from './faultClusters';
import { conversationBody } from '../replies/conversation';
import { sendError } from '../http/errorResponse';
import type { ClusterExchange, ClusterRuntime } from '../exchange';
import { demoBody, sendDemoReply } from '../replies/ordinaryReply';
import { JSON_TYPE, sendBody, sendJson } from '../http/respond';
import { sendHuge, sendSlowBody } from './streaming';

type Behaviour = (exchange: ClusterExchange, runtime: ClusterRuntime) => void | Promise<void>;

const BAD_GATEWAY_PAGE = [
  '<html>',
  '<head><title>502 Bad Gateway</title></head>',
  '<body>',
  '<center><h1>502 Bad Gateway</h1></center>',
  '<hr><center>nginx</center>',
  '</body>',
  '</html>',
  '',
].join('\r\n');

function rateLimited({ res, requestId }: ClusterExchange, { options }: ClusterRuntime): void {
  sendError(res, requestId, 429, 'rate_limited', 'Too many requests to this cluster. Retry after the given delay.', {
    'Retry-After': String(options.retryAfterSeconds),
  });
}

/** What each fault cluster does once its request has been read and accepted. */
export const FAULT_BEHAVIOURS: Readonly<Record<FaultClusterId, Behaviour>> = {
  'fault-429': rateLimited,
  'fault-429-once': (exchange, runtime) =>
    exchange.receivedCount % 2 === 1 ? rateLimited(exchange, runtime) : sendDemoReply(exchange, runtime),
  'fault-403': ({ res, requestId }) => sendError(res, requestId, 403, 'forbidden', 'This API key has no access to this cluster.'),
  'fault-422': ({ res }) =>
    sendJson(res, 422, {
      detail: [
        {
          loc: ['body', 'content', 'messages', 0],
          msg: 'The cluster could not process this message.',
          type: 'value_error',
        },
      ],
    }),
  'fault-500': ({ res, requestId }) =>
    sendError(res, requestId, 500, 'internal_error', 'The cluster failed while processing the conversation.'),
  'fault-502': ({ res }) => sendBody(res, 502, 'text/html', BAD_GATEWAY_PAGE),
  'fault-503': ({ res, requestId }, { options }) =>
    sendError(res, requestId, 503, 'service_unavailable', 'The cluster is temporarily unavailable.', {
      'Retry-After': String(options.retryAfterSeconds),
    }),
  'fault-hang': () => undefined,
  'fault-slow-body': sendSlowBody,
  'fault-reset': (exchange) => exchange.reset(),
  'fault-malformed-json': (exchange, runtime) => {
    const body = demoBody(exchange, runtime);
    sendBody(exchange.res, 200, JSON_TYPE, body.slice(0, Math.floor(body.length / 2)));
  },
  'fault-no-assistant': ({ res, messages }) => sendJson(res, 200, conversationBody(messages)),
  'fault-huge': sendHuge,
  'fault-redirect': ({ res }, { options }) => sendBody(res, 307, undefined, '', { Location: options.redirectTarget }),
  'fault-text-plain': ({ res }) => sendBody(res, 200, 'text/plain', 'OK'),
  echo: ({ res, messages }) => {
    const lastUser = [...messages].reverse().find((message) => message.role === 'user');
    sendJson(res, 200, conversationBody(messages, lastUser?.content ?? ''));
  },
  transcript: ({ res, messages }) => {
    sendJson(res, 200, conversationBody(messages, transcriptOf(messages)));
  },
  'slow-good': async (exchange, runtime) => {
    const body = demoBody(exchange, runtime);
    if (await runtime.lifetime.delay(runtime.options.slowMs)) {
      sendBody(exchange.res, 200, JSON_TYPE, body);
    }
  },
};

/** The conversation as readable text: a `role:` line, then the content, for each message. */
export function transcriptOf(messages: readonly { readonly role: string; readonly content: string }[]): string {
  return messages.map((message) => `${message.role}:\n${message.content}`).join('\n\n');
}
