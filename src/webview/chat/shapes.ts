/** Small shape checks for data that arrives from outside the webview (host messages, saved state). */

export type Fields = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isText(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length <= maxLength;
}

/** A whole number from 0 to `max`. */
export function isIndex(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
}

/** Each item parsed by `parse`, or undefined if the value is not an array, is too long or any item fails. */
export function parseList<T>(value: unknown, maxLength: number, parse: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value) || value.length > maxLength) {
    return undefined;
  }
  const items: T[] = [];
  for (const item of value as readonly unknown[]) {
    const parsed = parse(item);
    if (parsed === undefined) {
      return undefined;
    }
    items.push(parsed);
  }
  return items;
}
