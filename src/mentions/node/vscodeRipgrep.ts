import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * VS Code's own ripgrep: the binary its search runs, shipped inside VS Code (unpacked beside the
 * asar archive in the desktop build, in plain `node_modules` in the server). Using it lists files
 * the way VS Code's search does, `.gitignore` included, with no index of our own.
 */
export function findVscodeRipgrep(appRoot: string): string | undefined {
  const binary = process.platform === 'win32' ? 'rg.exe' : 'rg';
  const candidates = ['node_modules.asar.unpacked', 'node_modules'].flatMap((modules) => [
    path.join(appRoot, modules, '@vscode', 'ripgrep', 'bin', binary),
    path.join(appRoot, modules, 'vscode-ripgrep', 'bin', binary),
  ]);
  return candidates.find((candidate) => {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return true;
    } catch {
      return false; // not at this place: try the next
    }
  });
}

/**
 * `findVscodeRipgrep(appRoot)`, looked for on the first call only, a binary not found included:
 * the file list and @search both run it, and VS Code's own files do not move while it runs.
 */
export function ripgrepOnce(appRoot: string): () => string | undefined {
  let located: { readonly ripgrep: string | undefined } | undefined;
  return () => (located ??= { ripgrep: findVscodeRipgrep(appRoot) }).ripgrep;
}

/** What every run shares: VS Code's search settings (dot files, `.gitignore` without git), `.git` and the `excluded` globs left out. */
function searchArgs(excluded: readonly string[]): string[] {
  return ['--hidden', '--no-config', '--no-messages', '--no-require-git', '-g', '!.git', ...excluded.flatMap((glob) => ['-g', `!${glob}`])];
}

/**
 * The files of `folder` as VS Code's search lists them (dot files included, `.gitignore`
 * honoured, `.git` left out), minus the `excluded` globs, `/`-separated and relative to the
 * folder; at most `limit` of them. Rejects with ripgrep's own words when it fails.
 */
export async function listFiles(ripgrep: string, folder: string, excluded: readonly string[], limit: number): Promise<string[]> {
  const files = await ripgrepLines(ripgrep, folder, ['--files', ...searchArgs(excluded)], limit, (line) => line.split(path.sep).join('/'));
  return files.sort();
}

/** A line that holds the text searched for. */
export interface TextMatch {
  /** `/`-separated, relative to the folder searched. */
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

/**
 * The lines of `folder`'s files that hold `text` (as written, case ignored), as VS Code's search
 * finds them (`.gitignore` and the `excluded` globs honoured); at most `limit` lines.
 */
export async function searchText(
  ripgrep: string,
  folder: string,
  text: string,
  excluded: readonly string[],
  limit: number,
): Promise<TextMatch[]> {
  // `.` is named so that ripgrep never reads its standard input instead.
  const args = ['--json', '--fixed-strings', '--ignore-case', ...searchArgs(excluded), '--', text, '.'];
  const matches = await ripgrepLines(ripgrep, folder, args, limit, matchOf);
  // ripgrep searches files in parallel, so their order differs from run to run.
  return matches.sort((a, b) => (a.path === b.path ? a.line - b.line : a.path < b.path ? -1 : 1));
}

/**
 * Runs ripgrep in `cwd` and reads each line of its output with `read` (undefined: skipped), up
 * to `limit` results, where it is stopped. Rejects with ripgrep's own words when it fails.
 */
function ripgrepLines<T>(
  ripgrep: string,
  cwd: string,
  args: readonly string[],
  limit: number,
  read: (line: string) => T | undefined,
): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrep, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const results: T[] = [];
    let partial = '';
    let errors = '';
    const take = (line: string): void => {
      const result = line === '' || results.length >= limit ? undefined : read(line);
      if (result !== undefined) {
        results.push(result);
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(take);
      if (results.length >= limit) {
        child.kill();
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (errors += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      take(partial);
      // 1 is "nothing found"; a kill after the limit is not a failure either.
      if (code === 0 || code === 1 || results.length >= limit) {
        resolve(results);
      } else {
        reject(new Error(errors.trim() || `ripgrep exited with ${String(code)}`));
      }
    });
  });
}

/** The longest part of a matching line kept: a minified file's one line is not sent whole. */
const MAX_MATCH_LINE = 300;

interface RipgrepEvent {
  readonly type?: string;
  readonly data?: {
    readonly path?: { readonly text?: string };
    readonly lines?: { readonly text?: string };
    readonly line_number?: number;
  };
}

/** One `match` event of ripgrep's JSON output (a path or a line that is not UTF-8 has no `text`, and is skipped). */
function matchOf(line: string): TextMatch | undefined {
  let event: RipgrepEvent;
  try {
    event = JSON.parse(line) as RipgrepEvent;
  } catch {
    return undefined; // not a whole event: ripgrep writes one a line
  }
  const file = event.data?.path?.text;
  const text = event.data?.lines?.text;
  const lineNumber = event.data?.line_number;
  if (event.type !== 'match' || file === undefined || text === undefined || lineNumber === undefined) {
    return undefined;
  }
  const trimmed = text.replace(/\r?\n$/u, '');
  return {
    path: file
      .replace(/^\.[/\\]/u, '')
      .split(path.sep)
      .join('/'),
    line: lineNumber,
    text: trimmed.length > MAX_MATCH_LINE ? `${trimmed.slice(0, MAX_MATCH_LINE)}…` : trimmed,
  };
}
