import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks `Authorization: Bearer <key>`. Both keys are hashed first so the comparison
 * takes the same time whatever the length or content of the presented key.
 */
export function isAuthorized(header: string | undefined, apiKey: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  const presented = match?.[1] ?? '';
  const equal = timingSafeEqual(digest(presented), digest(apiKey));
  return match !== null && equal;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
