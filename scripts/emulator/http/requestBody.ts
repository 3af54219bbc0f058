import type { IncomingMessage } from 'node:http';

export type BodyResult = { kind: 'ok'; text: string; bytes: Buffer } | { kind: 'too-large' } | { kind: 'client-gone' };

/** True when the request declares a Content-Length above the limit. */
export function declaresTooLarge(req: IncomingMessage, maxBytes: number): boolean {
  const declared = req.headers['content-length'];
  return declared !== undefined && /^\d+$/.test(declared) && Number(declared) > maxBytes;
}

/**
 * Reads the body as UTF-8, counting bytes as they arrive. Once the limit is passed it
 * stops reading (the request is paused and the data listener removed) and reports `too-large`.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult): void => {
      if (settled) {
        return;
      }
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        settle({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      const bytes = Buffer.concat(chunks);
      settle({ kind: 'ok', text: bytes.toString('utf8'), bytes });
    };
    const onClose = (): void => settle({ kind: 'client-gone' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}
