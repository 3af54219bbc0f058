/**
 * The heights of a conversation's messages by position, with the sums a virtual list asks for on
 * every scroll (where a message starts, which message lies at an offset). A Fenwick tree keeps both
 * at O(log n): a 20,000-message conversation measures a few messages per frame, and a plain array
 * of offsets would be rebuilt each time.
 */
export class HeightIndex {
  /** 32-bit: exact for the whole pixels a browser measures, and half the memory for 20,000 messages. */
  private heights = new Float32Array(0);
  /** 1 where the height was measured: a later estimate does not replace it. */
  private measured = new Uint8Array(0);
  /** tree[i] holds the sum of the heights of positions (i - lowbit(i)) … i - 1. */
  private tree = new Float64Array(1);

  get count(): number {
    return this.heights.length;
  }

  /** Sum of all heights: the list's full height. */
  get total(): number {
    return this.offsetOf(this.heights.length);
  }

  /** Replaces every height (a new conversation). */
  reset(heights: ArrayLike<number>): void {
    this.heights = Float32Array.from(heights, sanitize);
    this.measured = new Uint8Array(this.heights.length);
    this.rebuild();
  }

  /** Adds heights at the end. */
  push(heights: readonly number[]): void {
    const grown = new Float32Array(this.heights.length + heights.length);
    grown.set(this.heights);
    grown.set(heights.map(sanitize), this.heights.length);
    this.heights = grown;
    const measured = new Uint8Array(grown.length);
    measured.set(this.measured);
    this.measured = measured;
    this.rebuild();
  }

  /** Adds heights at the start. */
  unshift(heights: ArrayLike<number>): void {
    const grown = new Float32Array(this.heights.length + heights.length);
    grown.set(Float32Array.from(heights, sanitize));
    grown.set(this.heights, heights.length);
    this.heights = grown;
    const measured = new Uint8Array(grown.length);
    measured.set(this.measured, heights.length);
    this.measured = measured;
    this.rebuild();
  }

  /** Keeps the first `count` heights. */
  truncate(count: number): void {
    this.heights = this.heights.slice(0, Math.max(0, count));
    this.measured = this.measured.slice(0, this.heights.length);
    this.rebuild();
  }

  heightAt(position: number): number {
    return this.heights[position] ?? 0;
  }

  /** Sets a measured height; true when it changed. */
  set(position: number, height: number): boolean {
    if (position >= 0 && position < this.measured.length) {
      this.measured[position] = 1;
    }
    return this.write(position, height);
  }

  /** Sets an estimated height, unless the height there was measured; true when it changed. */
  estimate(position: number, height: number): boolean {
    return this.measured[position] === 1 ? false : this.write(position, height);
  }

  private write(position: number, height: number): boolean {
    const current = this.heights[position];
    const next = Math.fround(sanitize(height));
    if (current === undefined || current === next) {
      return false;
    }
    this.heights[position] = next;
    for (let node = position + 1; node < this.tree.length; node += node & -node) {
      this.tree[node] = (this.tree[node] ?? 0) + next - current;
    }
    return true;
  }

  /** Where position `position` starts: the sum of the heights before it. */
  offsetOf(position: number): number {
    let sum = 0;
    for (let node = Math.max(0, Math.min(position, this.heights.length)); node > 0; node -= node & -node) {
      sum += this.tree[node] ?? 0;
    }
    return sum;
  }

  /** The position whose extent holds `offset` (the first or last one outside the list). */
  positionAt(offset: number): number {
    const count = this.heights.length;
    if (count === 0) {
      return 0;
    }
    let position = 0;
    let remaining = offset;
    for (let step = highestPowerOfTwo(count); step > 0; step >>= 1) {
      const next = position + step;
      const span = this.tree[next] ?? 0;
      if (next <= count && span <= remaining) {
        position = next;
        remaining -= span;
      }
    }
    return Math.min(position, count - 1);
  }

  private rebuild(): void {
    const tree = new Float64Array(this.heights.length + 1);
    this.heights.forEach((height, position) => {
      const node = position + 1;
      tree[node] = (tree[node] ?? 0) + height;
      const parent = node + (node & -node);
      if (parent < tree.length) {
        tree[parent] = (tree[parent] ?? 0) + (tree[node] ?? 0);
      }
    });
    this.tree = tree;
  }
}

function sanitize(height: number): number {
  return Number.isFinite(height) && height > 0 ? height : 0;
}

function highestPowerOfTwo(value: number): number {
  let power = 1;
  while (power * 2 <= value) {
    power *= 2;
  }
  return power;
}
