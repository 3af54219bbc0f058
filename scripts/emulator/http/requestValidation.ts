import type { Message } from '../publicTypes';

const ROLES: readonly string[] = ['system', 'user', 'assistant'];

export type Validation<T> = { ok: true; value: T } | { ok: false; message: string };

/** `application/json`, optionally with parameters such as `charset=utf-8`. */
export function isJsonContentType(header: string | undefined): boolean {
  const mediaType = (header ?? '').split(';')[0] ?? '';
  return mediaType.trim().toLowerCase() === 'application/json';
}

export function parseJson(text: string): Validation<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Request body is not valid JSON: ${detail}` };
  }
}

/**
 * Checks the spec's request shape. The messages are returned as sent (extra fields included),
 * so that a reply can echo them unchanged.
 */
export function validateConversation(body: unknown): Validation<readonly Message[]> {
  if (!isRecord(body)) {
    return fail('the request body must be a JSON object');
  }
  const content = body['content'];
  if (!isRecord(content)) {
    return fail('content must be an object');
  }
  const messages = content['messages'];
  if (!Array.isArray(messages)) {
    return fail('content.messages must be an array');
  }
  if (messages.length === 0) {
    return fail('content.messages must not be empty');
  }
  const checked: Message[] = [];
  for (const [index, item] of messages.entries()) {
    const where = `content.messages[${index}]`;
    if (!isRecord(item)) {
      return fail(`${where} must be an object`);
    }
    const role = item['role'];
    if (typeof role !== 'string' || !ROLES.includes(role)) {
      return fail(`${where}.role must be one of ${ROLES.join(', ')}`);
    }
    if (typeof item['content'] !== 'string') {
      return fail(`${where}.content must be a string`);
    }
    checked.push(item as unknown as Message);
  }
  return { ok: true, value: checked };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(message: string): Validation<never> {
  return { ok: false, message };
}

export type ClusterIdResult = { ok: true; value: string } | { ok: false; code: 'missing_cluster_id' | 'invalid_request'; message: string };

/** The `id` query parameter, URL-decoded. */
export function clusterIdFromQuery(query: string): ClusterIdResult {
  const ids = new URLSearchParams(query).getAll('id');
  const [id] = ids;
  if (id === undefined || id === '') {
    return {
      ok: false,
      code: 'missing_cluster_id',
      message: 'The id query parameter is required: POST /v1/clusters?id=<cluster_id>.',
    };
  }
  if (ids.length > 1) {
    return { ok: false, code: 'invalid_request', message: 'Give the id query parameter only once.' };
  }
  return { ok: true, value: id };
}
