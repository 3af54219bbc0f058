import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A fresh empty folder for each test of the enclosing suite, removed after it; call the result for its path. */
export function temporaryFolderPerTest(prefix: string): () => string {
  let folder = '';
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));
  return () => folder;
}
