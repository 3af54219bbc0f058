/** A generator of whole numbers below a bound, the same sequence for the same seed (xorshift). */
export function seededRandom(seed: number): (below: number) => number {
  let state = seed >>> 0 || 1;
  return (below) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}
