import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip, gzipSync } from 'node:zlib';
import { applyDelta, type ByteDelta } from './byteDelta';

const gunzipped = promisify(gunzip);
/** Smaller inputs are compressed at once: handing them to the thread pool takes longer than compressing them. */
const SYNC_GZIP_MAX_BYTES = 64 * 1024;

/**
 * A delta blob begins with this word and a line in the clear, so that a scan learns its base
 * without inflating anything; a whole blob is a plain gzip stream (which begins 1f 8b, never `c`).
 */
const DELTA_MAGIC = 'ccdelta1';
const HEADER_MAX_BYTES = 200;
const NEWLINE = 0x0a;
const HASH = /^[0-9a-f]{64}$/;
/** A temporary file this old was left by a crash, not by a window still writing it. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

export interface BlobInfo {
  /** Bytes on disk. */
  readonly bytes: number;
  /** The blob a delta is applied to; undefined for a whole blob. */
  readonly base: string | undefined;
}

/** The SHA-256 of some bytes, in hex: a blob's name. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Content-addressed blobs, `<folder>/<sha256>`, each written once (temporary file and rename, so a
 * reader never sees half a blob) and gzip-compressed: whole, or as a delta against another blob.
 * What is on disk is scanned once and then kept up to date by this object's own writes.
 */
export class BlobFiles {
  private known: Promise<Map<string, BlobInfo>> | undefined;

  constructor(readonly folder: string) {}

  async info(hash: string): Promise<BlobInfo | undefined> {
    return (await this.infos()).get(hash);
  }

  /** Every blob known, with what it holds on disk. */
  async all(): Promise<ReadonlyMap<string, BlobInfo>> {
    return this.infos();
  }

  async size(): Promise<number> {
    let total = 0;
    for (const { bytes } of (await this.infos()).values()) {
      total += bytes;
    }
    return total;
  }

  /** The blob and the bases it is rebuilt from, the whole blob last; undefined when one of them is gone. */
  async lineage(hash: string): Promise<string[] | undefined> {
    const infos = await this.infos();
    const chain = new Set<string>();
    for (let current: string | undefined = hash; current !== undefined; current = infos.get(current)?.base) {
      if (!infos.has(current) || chain.has(current)) {
        return undefined;
      }
      chain.add(current);
    }
    return [...chain];
  }

  async putWhole(hash: string, content: Uint8Array): Promise<void> {
    await this.put(hash, await gzipped(content), undefined);
  }

  async putDelta(hash: string, base: string, delta: ByteDelta): Promise<void> {
    const header = Buffer.from(`${DELTA_MAGIC} ${base} ${delta.prefix} ${delta.suffix}\n`, 'latin1');
    await this.put(hash, Buffer.concat([header, await gzipped(delta.middle)]), base);
  }

  /** The bytes a blob holds, checked against its name; undefined when it, or a base, is gone or damaged. */
  async read(hash: string): Promise<Uint8Array | undefined> {
    if (!HASH.test(hash)) {
      return undefined;
    }
    try {
      const deltas: ByteDelta[] = [];
      let current = hash;
      let content: Uint8Array | undefined;
      while (content === undefined) {
        const data = await fs.readFile(path.join(this.folder, current)).catch(notFound);
        const header = data && deltaHeader(data);
        if (!data || deltas.length > (await this.infos()).size) {
          return undefined;
        } else if (header) {
          deltas.push({ prefix: header.prefix, suffix: header.suffix, middle: await gunzipped(data.subarray(header.length)) });
          current = header.base;
        } else {
          const whole = await gunzipped(data);
          content = new Uint8Array(whole.buffer, whole.byteOffset, whole.length);
        }
      }
      for (let index = deltas.length - 1; index >= 0 && content !== undefined; index--) {
        content = applyDelta(content, deltas[index] as ByteDelta);
      }
      return content && contentHash(content) === hash ? content : undefined;
    } catch {
      // A blob cut short by a crash inflates with an error: the pre-image is lost, as if pruned.
      return undefined;
    }
  }

  async remove(hashes: Iterable<string>): Promise<void> {
    const infos = await this.infos();
    for (const hash of hashes) {
      await fs.rm(path.join(this.folder, hash), { force: true });
      infos.delete(hash);
    }
  }

  private async put(hash: string, data: Uint8Array, base: string | undefined): Promise<void> {
    const infos = await this.infos();
    if (infos.has(hash)) {
      return;
    }
    await writeAtomically(path.join(this.folder, hash), data);
    infos.set(hash, { bytes: data.length, base });
  }

  private infos(): Promise<Map<string, BlobInfo>> {
    this.known ??= this.scan();
    return this.known;
  }

  private async scan(): Promise<Map<string, BlobInfo>> {
    await fs.mkdir(this.folder, { recursive: true });
    const infos = new Map<string, BlobInfo>();
    for (const name of await fs.readdir(this.folder)) {
      const file = path.join(this.folder, name);
      if (HASH.test(name)) {
        const info = await readInfo(file);
        if (info) {
          infos.set(name, info);
        }
      } else if (name.endsWith('.tmp')) {
        const stat = await fs.stat(file).catch(notFound);
        if (stat && Date.now() - stat.mtimeMs > STALE_TEMPORARY_MS) {
          await fs.rm(file, { force: true });
        }
      }
    }
    return infos;
  }
}

function gzipped(data: Uint8Array): Promise<Buffer> {
  return data.length <= SYNC_GZIP_MAX_BYTES ? Promise.resolve(gzipSync(data)) : promisify(gzip)(data);
}

/**
 * Writes a temporary file beside the target (whose folder exists) and renames it over, so the
 * target is either old or whole. Not flushed to disk: checkpoints are an undo aid, and a file a crash leaves damaged reads
 * as pruned, where a flush on every record would cost more than the record itself.
 */
export async function writeAtomically(target: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

async function readInfo(file: string): Promise<BlobInfo | undefined> {
  const handle = await fs.open(file, 'r').catch(notFound);
  if (!handle) {
    return undefined;
  }
  try {
    const { size } = await handle.stat();
    const start = Buffer.alloc(Math.min(size, HEADER_MAX_BYTES));
    await handle.read(start, 0, start.length, 0);
    return { bytes: size, base: deltaHeader(start)?.base };
  } finally {
    await handle.close();
  }
}

function deltaHeader(data: Uint8Array): { base: string; prefix: number; suffix: number; length: number } | undefined {
  const end = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, HEADER_MAX_BYTES)).indexOf(NEWLINE);
  const words = end < 0 ? [] : Buffer.from(data.buffer, data.byteOffset, end).toString('latin1').split(' ');
  const [magic, base = '', prefix = '', suffix = ''] = words;
  if (magic !== DELTA_MAGIC || words.length !== 4 || !HASH.test(base) || !/^\d+$/.test(prefix) || !/^\d+$/.test(suffix)) {
    return undefined;
  }
  return { base, prefix: Number(prefix), suffix: Number(suffix), length: end + 1 };
}

export function notFound(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    return undefined;
  }
  throw error;
}
