/**
 * How one version of a file differs from another: the bytes between an unchanged head and an
 * unchanged tail. A chat turn usually changes a file in one place, so the delta of its pre-image
 * against the previous turn's is a few bytes however large the file.
 */
export interface ByteDelta {
  /** Bytes the two versions share at the start. */
  readonly prefix: number;
  /** Bytes they share at the end (not overlapping the prefix). */
  readonly suffix: number;
  /** What stands between them in the target. */
  readonly middle: Uint8Array;
}

/** Stretches compared at once by the native comparison, narrowing down to the byte: a megabyte takes well under a millisecond. */
const STRIDES = [4096, 64, 1];

export function diffBytes(base: Uint8Array, target: Uint8Array): ByteDelta {
  const shorter = Math.min(base.length, target.length);
  const prefix = sharedLength(shorter, (from, to) => Buffer.compare(base.subarray(from, to), target.subarray(from, to)) === 0);
  const suffix = sharedLength(
    shorter - prefix,
    (from, to) =>
      Buffer.compare(base.subarray(base.length - to, base.length - from), target.subarray(target.length - to, target.length - from)) === 0,
  );
  return { prefix, suffix, middle: target.slice(prefix, target.length - suffix) };
}

/** How far from one end the two versions agree, at most `limit` bytes; `same(from, to)` compares a stretch counted from that end. */
function sharedLength(limit: number, same: (from: number, to: number) => boolean): number {
  let length = 0;
  for (const stride of STRIDES) {
    while (length + stride <= limit && same(length, length + stride)) {
      length += stride;
    }
  }
  return length;
}

/** The target a delta was made from, given its base; undefined when the delta does not fit the base (a damaged blob). */
export function applyDelta(base: Uint8Array, delta: ByteDelta): Uint8Array | undefined {
  if (delta.prefix + delta.suffix > base.length) {
    return undefined;
  }
  const target = new Uint8Array(delta.prefix + delta.middle.length + delta.suffix);
  target.set(base.subarray(0, delta.prefix), 0);
  target.set(delta.middle, delta.prefix);
  target.set(base.subarray(base.length - delta.suffix), delta.prefix + delta.middle.length);
  return target;
}
