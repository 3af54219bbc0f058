import * as zlib from 'node:zlib';
import type { Dispatcher } from './undici';

/** What `Accept-Encoding` offers: exactly what {@link readBodyCapped} decodes. */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

export type BodyRead =
  | { readonly kind: 'text'; readonly text: string }
  /** Over the cap: on the wire, or once decoded (a decompression bomb stops here). */
  | { readonly kind: 'tooLarge' }
  /** A Content-Encoding this client does not decode; `encoding` names it. */
  | { readonly kind: 'unknownEncoding'; readonly encoding: string }
  /** Compressed data that does not decompress, or text that is not UTF-8. */
  | { readonly kind: 'undecodable'; readonly detail: 'encoding' | 'utf8'; readonly encoding?: string };

/**
 * Reads a response body, whatever its framing (Content-Length, chunked, or until the connection
 * closes), through one decoder: the bytes up to `maxBytes`, then the Content-Encoding undone with
 * `maxBytes` as the cap on the decoded size too, then strict UTF-8 with a leading BOM dropped. A
 * Content-Length over the cap is refused before anything is read; past the cap the stream is
 * closed, so a huge or endless reply cannot exhaust memory.
 */
export async function readBodyCapped(
  body: Dispatcher.ResponseData['body'],
  headers: Dispatcher.ResponseData['headers'],
  maxBytes: number,
): Promise<BodyRead> {
  const encodings = contentEncodings(headers);
  const unknown = encodings.find((encoding) => !(encoding in DECODERS));
  if (unknown !== undefined) {
    closeUnread(body);
    return { kind: 'unknownEncoding', encoding: unknown.slice(0, 40) };
  }
  const length = headerValue(headers, 'content-length');
  const declared = length !== undefined && /^\d+$/.test(length.trim()) ? Number(length) : undefined;
  if (declared !== undefined && declared > maxBytes) {
    closeUnread(body);
    return { kind: 'tooLarge' };
  }
  // The HTTP parser holds a declared body to its length, so it cannot pass the cap: read at once.
  const raw = declared === undefined ? await readUpTo(body, maxBytes) : Buffer.from(await body.arrayBuffer());
  if (raw === undefined) {
    return { kind: 'tooLarge' };
  }
  let bytes: Buffer = raw;
  // Applied in the order listed, so undone from the last.
  for (const encoding of encodings.reverse()) {
    const decoded = await decode(encoding, bytes, maxBytes);
    if (decoded === 'tooLarge') {
      return { kind: 'tooLarge' };
    }
    if (decoded === undefined) {
      return { kind: 'undecodable', detail: 'encoding', encoding };
    }
    bytes = decoded;
  }
  try {
    return { kind: 'text', text: UTF8.decode(bytes) };
  } catch {
    return { kind: 'undecodable', detail: 'utf8' };
  }
}

/** The bytes of a body of undeclared length, or undefined (and the stream closed) once they pass `maxBytes`. */
async function readUpTo(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    received += buffer.length;
    if (received > maxBytes) {
      closeUnread(body);
      return undefined;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, received);
}

/** Strict: invalid UTF-8 is an error rather than replacement characters; a leading BOM is dropped. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

type Decoder = (input: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions, done: (error: Error | null, result: Buffer) => void) => void;

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: zlib.gunzip,
  'x-gzip': zlib.gunzip,
  // HTTP's deflate is zlib-wrapped; some servers send it raw, which the fallback in `decode` reads.
  deflate: zlib.inflate,
  br: zlib.brotliDecompress,
};

function decode(encoding: string, input: Buffer, maxBytes: number): Promise<Buffer | 'tooLarge' | undefined> {
  const run = (decoder: Decoder): Promise<Buffer | 'tooLarge' | undefined> =>
    new Promise((resolve) =>
      decoder(input, { maxOutputLength: maxBytes }, (error, result) => {
        if (error === null) {
          resolve(result);
        } else {
          resolve((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'tooLarge' : undefined);
        }
      }),
    );
  const decoder = DECODERS[encoding];
  if (decoder === undefined) {
    return Promise.resolve(undefined);
  }
  return run(decoder).then((result) => (result === undefined && encoding === 'deflate' ? run(zlib.inflateRaw) : result));
}

/** The Content-Encoding codings in the order applied, lower case; `identity` and empty entries dropped. */
function contentEncodings(headers: Dispatcher.ResponseData['headers']): string[] {
  const raw = headers['content-encoding'];
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return values
    .flatMap((value) => value.split(','))
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding.length > 0 && coding !== 'identity');
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
