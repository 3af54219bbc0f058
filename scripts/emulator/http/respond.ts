import type { ServerResponse } from 'node:http';

export const JSON_TYPE = 'application/json; charset=utf-8';

export type ExtraHeaders = Readonly<Record<string, string>>;

/** Sends a complete response with a known length. */
export function sendBody(
  res: ServerResponse,
  status: number,
  contentType: string | undefined,
  body: string,
  headers: ExtraHeaders = {},
): void {
  if (!isWritable(res)) {
    return;
  }
  const payload = Buffer.from(body, 'utf8');
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) {
    res.setHeader(name, value);
  }
  if (contentType !== undefined) {
    res.setHeader('Content-Type', contentType);
  }
  res.setHeader('Content-Length', String(payload.length));
  res.end(payload);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: ExtraHeaders = {}): void {
  sendBody(res, status, JSON_TYPE, JSON.stringify(value), headers);
}

/** True while the response can still be written to (the client has not gone away). */
export function isWritable(res: ServerResponse): boolean {
  return !res.destroyed && !res.writableEnded;
}

/**
 * Writes one chunk and waits until the socket can take more.
 * Resolves false as soon as the client has gone away.
 */
export function writeChunk(res: ServerResponse, chunk: string | Buffer): Promise<boolean> {
  if (!isWritable(res)) {
    return Promise.resolve(false);
  }
  if (res.write(chunk)) {
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const done = (writable: boolean): void => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(writable);
    };
    const onDrain = (): void => done(isWritable(res));
    const onClose = (): void => done(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}
