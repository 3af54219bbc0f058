import type { ServerResponse } from 'node:http';
import { sendJson, type ExtraHeaders } from './respond';

export type ErrorCode =
  | 'not_found'
  | 'method_not_allowed'
  | 'unauthorized'
  | 'forbidden'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invalid_json'
  | 'invalid_request'
  | 'missing_cluster_id'
  | 'cluster_not_found'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable'
  | 'upstream_error';

export interface ErrorBody {
  error: { code: ErrorCode; message: string; request_id: string };
}

export function errorBody(code: ErrorCode, message: string, requestId: string): ErrorBody {
  return { error: { code, message, request_id: requestId } };
}

/** Sends `{"error":{code,message,request_id}}`; the `x-request-id` header is already set by the handler. */
export function sendError(
  res: ServerResponse,
  requestId: string,
  status: number,
  code: ErrorCode,
  message: string,
  headers: ExtraHeaders = {},
): void {
  sendJson(res, status, errorBody(code, message, requestId), headers);
}
