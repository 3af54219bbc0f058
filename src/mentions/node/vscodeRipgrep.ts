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
 * The files of `folder` as VS Code's search lists them (dot files included, `.gitignore`
 * honoured, `.git` left out), minus the `excluded` globs, `/`-separated and relative to the
 * folder; at most `limit` of them. Rejects with ripgrep's own words when it fails.
 */
export function listFiles(ripgrep: string, folder: string, excluded: readonly string[], limit: number): Promise<string[]> {
  const args = [
    '--files',
    '--hidden',
    '--no-config',
    '--no-messages',
    '--no-require-git',
    '-g',
    '!.git',
    ...excluded.flatMap((glob) => ['-g', `!${glob}`]),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrep, args, { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
    const files: string[] = [];
    let partial = '';
    let errors = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (files.length < limit && line !== '') {
          files.push(line.split(path.sep).join('/'));
        }
      }
      if (files.length >= limit) {
        child.kill();
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (errors += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (partial !== '' && files.length < limit) {
        files.push(partial.split(path.sep).join('/'));
      }
      // 1 is "no file found"; a kill after the limit is not a failure either.
      if (code === 0 || code === 1 || files.length >= limit) {
        resolve(files.sort());
      } else {
        reject(new Error(errors.trim() || `ripgrep exited with ${String(code)}`));
      }
    });
  });
}
