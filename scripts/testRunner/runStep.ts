import { spawnSync } from 'node:child_process';
import { repoRoot } from '../vscode/paths';

/** Runs a command from the repository root, streaming its output; throws on a non-zero exit. */
export function runStep(label: string, command: string, args: readonly string[]): void {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    throw new Error(`${label} failed (exit code ${result.status ?? result.signal ?? 'unknown'}) after ${seconds} s`);
  }
  console.log(`✔ ${label} (${seconds} s)`);
}
