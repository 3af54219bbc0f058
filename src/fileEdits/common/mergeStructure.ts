import { indentOf, lastNonBlank, type Original, type Segment } from './mergeAnchors';

const STRINGS = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/gu;
const HEADING = /^(#{1,6})\s/u;

/** How many brackets a line opens less those it closes, strings and `//` / `/* *\/` comments aside. */
function depthChange(line: string): number {
  const code = line
    .replace(STRINGS, '""')
    .replace(/\/\*.*?\*\//gu, '')
    .replace(/\/\/.*$/u, '');
  let depth = 0;
  for (const char of code) {
    if (char === '{' || char === '[' || char === '(') depth++;
    else if (char === '}' || char === ']' || char === ')') depth--;
  }
  return depth;
}

/**
 * Where the original's block that opens at `at` ends, when the segment shows that whole block from
 * `head` to its last line; undefined when it does not, or the original's end is not found before `hi`.
 * Blocks are bracketed (`{`, `[`, `(`), nested by indentation after a line ending in `:` (Python,
 * YAML) when the marker after is no deeper, or a Markdown section under a heading when `wholeSection`.
 */
export function blockEnd(
  original: Original,
  segment: Segment,
  head: number,
  at: number,
  hi: number,
  wholeSection: boolean,
): number | undefined {
  const last = lastNonBlank(segment);
  if (!segment.after || last <= head) return undefined;
  const key = segment.keys[head] ?? '';
  if (closesAtLast(segment.raw, head, last)) return bracketEnd(original.raw, at, hi);
  const indent = indentOf(segment.raw[head]);
  if (key.endsWith(':') && segment.afterIndent <= indent && deeper(segment, head, indent)) return indentEnd(original, at, hi);
  const level = HEADING.exec(key)?.[1]?.length;
  if (level === undefined || !wholeSection || segment.afterHash) return undefined;
  return segment.keys.slice(head + 1).some((line) => (HEADING.exec(line)?.[1]?.length ?? 7) <= level)
    ? undefined
    : sectionEnd(original, at, level, hi);
}

function closesAtLast(raw: readonly string[], head: number, last: number): boolean {
  let depth = 0;
  for (let index = head; index <= last; index++) {
    depth += depthChange(raw[index] ?? '');
    if (depth <= 0) return index === last && depth === 0;
  }
  return false;
}

function bracketEnd(raw: readonly string[], at: number, hi: number): number | undefined {
  let depth = 0;
  for (let index = at; index < hi; index++) {
    depth += depthChange(raw[index] ?? '');
    if (depth <= 0) return depth === 0 && index > at ? index : undefined;
  }
  return undefined;
}

function deeper(segment: Segment, head: number, indent: number): boolean {
  return segment.raw.every((line, index) => index <= head || segment.keys[index] === '' || indentOf(line) > indent);
}

function indentEnd(original: Original, at: number, hi: number): number {
  const indent = indentOf(original.raw[at]);
  let end = at;
  for (let index = at + 1; index < hi; index++) {
    if (original.keys[index] === '') continue;
    if (indentOf(original.raw[index]) <= indent) break;
    end = index;
  }
  return end;
}

function sectionEnd(original: Original, at: number, level: number, hi: number): number {
  let end = at;
  let fenced = false;
  for (let index = at + 1; index < hi; index++) {
    const key = original.keys[index] ?? '';
    if (/^(?:`{3}|~{3})/u.test(key)) fenced = !fenced;
    else if (!fenced && (HEADING.exec(key)?.[1]?.length ?? 7) <= level) break;
    if (key !== '') end = index;
  }
  return end;
}
