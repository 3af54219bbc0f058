import { realpath } from 'node:fs/promises';
import * as path from 'node:path';

/**
 * Whether `file` (which may not exist yet) stays inside `folder` once symbolic links are resolved:
 * the nearest part of its path that exists is resolved, so `src/link/new.ts` with `link` pointing
 * out of the folder is caught before anything is created there.
 */
export async function staysInside(folder: string, file: string): Promise<boolean> {
  const realFolder = await realpath(folder).catch(() => path.resolve(folder));
  let existing = path.resolve(file);
  let rest = '';
  for (;;) {
    const resolved = await realpath(existing).catch(() => undefined);
    if (resolved !== undefined) {
      const real = rest === '' ? resolved : path.join(resolved, rest);
      const relative = path.relative(realFolder, real);
      return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    }
    const parent = path.dirname(existing);
    if (parent === existing) {
      return false;
    }
    rest = rest === '' ? path.basename(existing) : path.join(path.basename(existing), rest);
    existing = parent;
  }
}
