/**
 * A small function whose two middle lines end in spaces, and what the emulator's demo cluster makes
 * of them when Edit in Place sends those lines: trimmed, with a comment on top.
 */
export const HALF_SOURCE = [
  'export function half(value: number): number {',
  '  const result = value / 2;   ',
  '  return result;  ',
  '}',
  '',
].join('\n');

export const HALF_PROPOSED = [
  'export function half(value: number): number {',
  '// Reviewed by cluster demo',
  '  const result = value / 2;',
  '  return result;',
  '}',
  '',
].join('\n');
