import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAdmin, isAdminPath } from '../admin/adminRoutes';
import { isAuthorized } from './authorization';
import { declaresTooLarge, readBody } from './requestBody';
import { isFaultClusterId } from '../faults/faultClusters';
import { type ErrorCode, sendError } from './errorResponse';
import type { ClusterExchange, ClusterRuntime } from '../exchange';
import { FAULT_BEHAVIOURS } from '../faults/faultBehaviours';
import { sendOrdinaryReply } from '../replies/ordinaryReply';
import { requestLogLine } from './requestLogLine';
import type { ExtraHeaders } from './respond';
import type { ReceivedLog } from '../admin/receivedLog';
import type { StatsRecorder, TrackedRequest } from '../admin/statsRecorder';
import { clusterIdFromQuery, isJsonContentType, parseJson, validateConversation } from './requestValidation';

const CLUSTERS_PATH = '/v1/clusters';

export interface HandlerDeps {
  readonly runtime: ClusterRuntime;
  readonly stats: StatsRecorder;
  readonly received: ReceivedLog;
  nextRequestId(): number;
}

export function requestIdFor(seq: number): string {
  return `req_${String(seq).padStart(6, '0')}`;
}

/** Handles one HTTP request: the emulator helpers, or the Clusters API checks in order, then the cluster's behaviour. */
export function handleRequest(req: IncomingMessage, res: ServerResponse, deps: HandlerDeps): void {
  const seq = deps.nextRequestId();
  const requestId = requestIdFor(seq);
  const started = performance.now();
  const [path = '', query = ''] = (req.url ?? '').split(/\?(.*)/s, 2);
  const log = (clusterId: string | undefined, status: number | string): void =>
    deps.runtime.options.log?.(requestLogLine(req.method, path, clusterId, status, performance.now() - started));
  res.setHeader('x-request-id', requestId);
  // Writes fail once a client has gone away; the 'close' handler below records that instead.
  res.on('error', () => undefined);

  if (isAdminPath(path)) {
    res.once('close', () => log(undefined, res.statusCode));
    handleAdmin(req, res, path, requestId, deps);
    return;
  }

  const tracked = deps.stats.begin(seq);
  res.once('close', () => {
    if (res.writableFinished) {
      tracked.finish('completed', res.statusCode);
    } else if (!deps.runtime.lifetime.isEnded) {
      tracked.finish('aborted', res.headersSent ? res.statusCode : 0);
    }
    const { outcome, clusterId } = tracked.record;
    log(clusterId, outcome === 'completed' ? res.statusCode : outcome);
  });
  void handleClusters(req, res, path, query, requestId, tracked, deps).catch(() => {
    if (res.headersSent) {
      res.destroy();
    } else {
      sendError(res, requestId, 500, 'internal_error', 'The emulator failed while handling this request.');
    }
  });
}

async function handleClusters(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: string,
  requestId: string,
  tracked: TrackedRequest,
  deps: HandlerDeps,
): Promise<void> {
  const { options } = deps.runtime;
  const fail = (status: number, code: ErrorCode, message: string, headers?: ExtraHeaders): void =>
    sendError(res, requestId, status, code, message, headers);

  if (path !== CLUSTERS_PATH) {
    return fail(404, 'not_found', `No such endpoint: ${path.slice(0, 200)}. Use POST /v1/clusters?id=<cluster_id>.`);
  }
  if (req.method !== 'POST') {
    return fail(405, 'method_not_allowed', `Method ${req.method ?? ''} is not allowed on /v1/clusters; use POST.`, {
      Allow: 'POST',
    });
  }
  if (!isAuthorized(req.headers.authorization, options.apiKey)) {
    return fail(401, 'unauthorized', 'Missing or invalid API key. Send Authorization: Bearer <API_KEY>.', {
      'WWW-Authenticate': 'Bearer',
    });
  }

  // Every authorized POST naming a known cluster counts as received, whatever happens next.
  const clusterId = clusterIdFromQuery(query);
  const known = clusterId.ok && (isFaultClusterId(clusterId.value) || options.clusters.has(clusterId.value));
  if (clusterId.ok) {
    tracked.setCluster(clusterId.value);
  }
  const receivedCount = known ? tracked.markReceived() : 0;

  if (!isJsonContentType(req.headers['content-type'])) {
    return fail(415, 'unsupported_media_type', 'Content-Type must be application/json.');
  }
  const tooLarge = `Request body is larger than the limit of ${options.maxBodyBytes} bytes.`;
  if (declaresTooLarge(req, options.maxBodyBytes)) {
    return fail(413, 'payload_too_large', tooLarge, { Connection: 'close' });
  }
  const body = await readBody(req, options.maxBodyBytes);
  if (body.kind === 'client-gone') {
    return;
  }
  if (body.kind === 'too-large') {
    return fail(413, 'payload_too_large', tooLarge, { Connection: 'close' });
  }
  deps.received.add(requestId, clusterId.ok ? clusterId.value : undefined, req.headers, body.bytes);
  const json = parseJson(body.text);
  if (!json.ok) {
    return fail(400, 'invalid_json', json.message);
  }
  const messages = validateConversation(json.value);
  if (!messages.ok) {
    return fail(400, 'invalid_request', `Invalid request body: ${messages.message}.`);
  }
  tracked.setMessageCount(messages.value.length);
  if (!clusterId.ok) {
    return fail(400, clusterId.code, clusterId.message);
  }
  if (!known) {
    return fail(404, 'cluster_not_found', `Cluster '${clusterId.value}' not found.`);
  }

  const exchange: ClusterExchange = {
    res,
    requestId,
    clusterId: clusterId.value,
    messages: messages.value,
    receivedCount,
    reset: () => {
      tracked.finish('reset', 0);
      const socket = req.socket;
      if (typeof socket.resetAndDestroy === 'function') {
        socket.resetAndDestroy();
      } else {
        socket.destroy();
      }
    },
  };
  if (isFaultClusterId(clusterId.value)) {
    await FAULT_BEHAVIOURS[clusterId.value](exchange, deps.runtime);
  } else {
    await sendOrdinaryReply(exchange, deps.runtime);
  }
}
