import type { Dispatcher } from './undici';

export type BodyRead = { readonly complete: true; readonly text: string } | { readonly complete: false; readonly receivedBytes: number };

/**
 * Reads a response body as UTF-8, stopping (and closing the stream) once it passes `maxBytes`,
 * so a huge or endless reply cannot exhaust memory. A Content-Length over the cap is refused
 * before anything is read.
 */
export async function readBodyCapped(
  body: Dispatcher.ResponseData['body'],
  headers: Dispatcher.ResponseData['headers'],
  maxBytes: number,
): Promise<BodyRead> {
  const length = headerValue(headers, 'content-length');
  const declared = length === undefined ? Number.NaN : Number(length);
  if (Number.isFinite(declared) && declared > maxBytes) {
    closeUnread(body);
    return { complete: false, receivedBytes: 0 };
  }
  if (Number.isFinite(declared)) {
    // The HTTP parser holds the body to its declared length, so it cannot pass the cap.
    return { complete: true, text: await body.text() };
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    received += buffer.length;
    if (received > maxBytes) {
      closeUnread(body);
      return { complete: false, receivedBytes: received };
    }
    chunks.push(buffer);
  }
  return { complete: true, text: Buffer.concat(chunks, received).toString('utf8') };
}

/** Discards a body we will not read, returning its connection to the pool or closing it. */
export function discardBody(body: Dispatcher.ResponseData['body']): void {
  body.dump({ limit: 64 * 1024 }).catch(() => closeUnread(body));
}

/** Closes the stream (and so its connection) without raising the abort as an unhandled error. */
function closeUnread(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

export function headerValue(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
