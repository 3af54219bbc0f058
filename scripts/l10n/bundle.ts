/**
 * The runtime strings' bundle, `l10n/bundle.l10n.json`: every message passed to `l10n.t(…)` in
 * `src/`, exported with `@vscode/l10n-dev`.
 *
 *   node out/scripts/l10n/bundle.js           rewrites l10n/bundle.l10n.json (`npm run l10n`)
 *   node out/scripts/l10n/bundle.js --check   exits 1 when the file differs from a fresh export
 *
 * `@vscode/l10n-dev` finds `l10n.t` only where `l10n` is imported from `vscode` or `@vscode/l10n`.
 * Code in `common/` and `node/` folders may import neither, so it uses its own `l10n` (`src/base/common/l10n.ts`, the same call form, with
 * vscode.l10n.t installed as the translator at activation). The export reads each file that imports
 * that module as if it imported `vscode`, so their messages (the errors users see) are in the bundle
 * too; `l10n-dev export` run by hand would leave them out. The webview's texts are declared once, in
 * a table the host localizes by lookup (`WEBVIEW_STRING_DEFAULTS`), so the export adds them from it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getL10nJson, type l10nJsonFormat } from '@vscode/l10n-dev';
import { WEBVIEW_STRING_DEFAULTS } from '../../src/webview/common/webviewStrings';
import { repoRoot } from '../vscode/paths';

export const sourceRoot = path.join(repoRoot, 'src');
export const bundleFile = path.join(repoRoot, 'l10n', 'bundle.l10n.json');
const coreL10nModule = path.join(sourceRoot, 'base', 'common', 'l10n');
const SCRIPT_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.jsx']);

/** Every script file under `dir`, in a stable order. */
function scriptFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      found.push(...scriptFiles(full));
    } else if (SCRIPT_EXTENSIONS.has(path.extname(entry.name)) && !entry.name.endsWith('.d.ts')) {
      found.push(full);
    }
  }
  return found;
}

/** The file's text with a relative import of core's `l10n` module turned into an import from `vscode`. */
export function asVscodeL10nImport(file: string, contents: string): string {
  return contents.replace(/(\bfrom\s+)(['"])(\.{1,2}\/[^'"]*)\2/g, (whole, keyword: string, _quote: string, specifier: string) =>
    path.resolve(path.dirname(file), specifier).replace(/\.(ts|js)$/, '') === coreL10nModule ? `${keyword}'vscode'` : whole,
  );
}

/** The messages of every `l10n.t(…)` call in `src/`, English text by English text. */
export async function exportBundle(): Promise<Record<string, string>> {
  const files = scriptFiles(sourceRoot).map((file) => ({
    extension: path.extname(file),
    contents: asVscodeL10nImport(file, fs.readFileSync(file, 'utf8')),
  }));
  const exported: l10nJsonFormat = await getL10nJson(files);
  const bundle: Record<string, string> = {};
  for (const [key, value] of Object.entries(exported)) {
    bundle[key] = typeof value === 'string' ? value : value.message;
  }
  for (const english of Object.values(WEBVIEW_STRING_DEFAULTS)) {
    bundle[english] ??= english;
  }
  return bundle;
}

export function readBundle(file = bundleFile): Record<string, string> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

/** What `stored` lacks, holds beyond, or holds differently from `fresh`; empty lists when they agree. */
export function compareBundles(
  fresh: Record<string, string>,
  stored: Record<string, string>,
): { missing: string[]; stale: string[]; changed: string[] } {
  return {
    missing: Object.keys(fresh).filter((key) => !Object.hasOwn(stored, key)),
    stale: Object.keys(stored).filter((key) => !Object.hasOwn(fresh, key)),
    changed: Object.keys(fresh).filter((key) => Object.hasOwn(stored, key) && stored[key] !== fresh[key]),
  };
}

async function main(): Promise<void> {
  const fresh = await exportBundle();
  const relative = path.relative(repoRoot, bundleFile);
  if (!process.argv.includes('--check')) {
    fs.mkdirSync(path.dirname(bundleFile), { recursive: true });
    fs.writeFileSync(bundleFile, `${JSON.stringify(fresh, undefined, 2)}\n`);
    console.log(`${relative}: ${Object.keys(fresh).length} strings`);
    return;
  }
  const { missing, stale, changed } = compareBundles(fresh, readBundle());
  if (missing.length + stale.length + changed.length === 0) {
    console.log(`${relative} is current: ${Object.keys(fresh).length} strings`);
    return;
  }
  const list = (title: string, keys: string[]): string =>
    keys.length === 0 ? '' : `\n  ${title} (${keys.length}):\n${keys.map((key) => `    ${JSON.stringify(key)}`).join('\n')}`;
  console.error(
    `${relative} is not the export of src/; run \`npm run l10n\`, then translate the new strings in l10n/bundle.l10n.*.json.` +
      list('not in the file', missing) +
      list('no longer in src/', stale) +
      list('different text', changed),
  );
  process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 2;
  });
}
