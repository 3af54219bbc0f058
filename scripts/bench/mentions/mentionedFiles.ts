import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * One function of a service module, as code a user mentions looks: comments, template strings,
 * a URL, and the words the secret scanner's rules wait for (`key`, `token`, `secret`, `pass`,
 * `authorization`, `://`) without a credential, so every rule that can run over code does, and
 * the send goes on without a question. A comment with accents now and then, as real code has.
 */
function unit(file: number, index: number): string {
  const name = `record${file}x${index}`;
  return `/** Loads ${name} for the caller; the token stays in this module${index % 9 === 0 ? ' (voilà, déjà vu)' : ''}. */
export async function load${name}(store: Store, id: string, options: LoadOptions = {}): Promise<Loaded | undefined> {
  const apiKey = store.config.get('service.apiKey');
  const secretName = options.secretName ?? 'default';
  const url = \`https://service.example.com/v2/records/\${encodeURIComponent(id)}?page=${index}\`;
  if (apiKey === undefined) {
    throw new Error(\`No key is set for \${secretName}; set one in the settings (record ${index}).\`);
  }
  const response = await fetchWithRetry(url, { headers: { authorization: bearerOf(apiKey) }, timeoutMs: ${1000 + index} });
  const passes = response.items.filter((item) => item.state === 'passed' && item.owner === id);
  return passes.length === 0 ? undefined : { id, count: passes.length, first: passes[0], page: ${index} };
}

`;
}

/** TypeScript source of at least `size` characters. */
export function sourceOfSize(file: number, size: number): string {
  const parts = [`import { bearerOf, fetchWithRetry, type Loaded, type LoadOptions, type Store } from './service';\n\n`];
  let length = parts[0]?.length ?? 0;
  for (let index = 0; length < size; index++) {
    const next = unit(file, index);
    parts.push(next);
    length += next.length;
  }
  return parts.join('');
}

/**
 * `count` files under `folder`, from 50 KB to 120 KB (the largest over the 100,000 characters a
 * mention takes, so those are cut); their workspace paths.
 */
export function writeMentionedFiles(folder: string, count: number): string[] {
  return Array.from({ length: count }, (_, file) => {
    const relative = `src/services/part${file % 4}/service${file}.ts`;
    const size = 50_000 + Math.round((70_000 * file) / Math.max(1, count - 1));
    fs.mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true });
    fs.writeFileSync(path.join(folder, relative), sourceOfSize(file, size));
    return relative;
  });
}
