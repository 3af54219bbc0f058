/** What could be read from an error response's body. */
export interface ErrorBodyInfo {
  readonly message: string | undefined;
  readonly requestId: string | undefined;
}

const MAX_MESSAGE_CHARS = 300;

/**
 * Reads a human message and a request id out of an error body of unknown shape: JSON with
 * `error.message`, `message`, `error`, `detail` (string or a list of `{msg}`), an HTML page
 * (its title or text), or plain text. Never throws.
 */
export function parseErrorBody(text: string, contentType: string | undefined): ErrorBodyInfo {
  const trimmed = text.trim();
  if (trimmed.length === 0) {
    return { message: undefined, requestId: undefined };
  }
  const json = tryParseJson(trimmed);
  if (json !== undefined) {
    return { message: clean(messageFromJson(json)), requestId: requestIdFromJson(json) };
  }
  if (isHtml(trimmed, contentType)) {
    return { message: clean(textFromHtml(trimmed)), requestId: undefined };
  }
  return { message: clean(trimmed), requestId: undefined };
}

function tryParseJson(text: string): unknown {
  if (!text.startsWith('{') && !text.startsWith('[') && !text.startsWith('"')) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageFromJson(json: unknown): string | undefined {
  if (typeof json === 'string') {
    return json;
  }
  if (!isRecord(json)) {
    return undefined;
  }
  const { error } = json;
  if (isRecord(error) && typeof error['message'] === 'string') {
    return error['message'];
  }
  if (typeof json['message'] === 'string') {
    return json['message'];
  }
  if (typeof error === 'string') {
    return error;
  }
  const detail = messageFromDetail(json['detail']);
  if (detail !== undefined) {
    return detail;
  }
  for (const key of ['error_description', 'title', 'msg']) {
    const value = json[key];
    if (typeof value === 'string') {
      return value;
    }
  }
  return undefined;
}

function messageFromDetail(detail: unknown): string | undefined {
  if (typeof detail === 'string') {
    return detail;
  }
  if (!Array.isArray(detail)) {
    return undefined;
  }
  const parts = detail
    .map((item) => {
      if (typeof item === 'string') {
        return item;
      }
      if (isRecord(item) && typeof item['msg'] === 'string') {
        const location = Array.isArray(item['loc']) ? item['loc'].join('.') : undefined;
        return location ? `${location}: ${item['msg']}` : item['msg'];
      }
      return undefined;
    })
    .filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

function requestIdFromJson(json: unknown): string | undefined {
  if (!isRecord(json)) {
    return undefined;
  }
  const candidates = [json, isRecord(json['error']) ? json['error'] : undefined];
  for (const candidate of candidates) {
    if (!candidate) {
      continue;
    }
    for (const key of ['request_id', 'requestId', 'requestID']) {
      const value = candidate[key];
      if (typeof value === 'string' && value.length > 0) {
        return value.slice(0, 200);
      }
    }
  }
  return undefined;
}

function isHtml(text: string, contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().includes('html') || /^<(!doctype|html)/i.test(text);
}

function textFromHtml(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  if (title && title.trim().length > 0) {
    return decodeEntities(title);
  }
  const body = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
  return decodeEntities(body);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** One line, no control characters, bounded length. */
function clean(text: string | undefined): string | undefined {
  if (text === undefined) {
    return undefined;
  }
  const oneLine = text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (oneLine.length === 0) {
    return undefined;
  }
  return oneLine.length <= MAX_MESSAGE_CHARS ? oneLine : `${oneLine.slice(0, MAX_MESSAGE_CHARS - 1)}…`;
}
