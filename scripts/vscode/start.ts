/**
 * `npm start`: builds the extension (and rebuilds it on change), starts the local cluster emulator,
 * and opens VS Code with the extension under development pointed at the emulator: desktop VS Code
 * (`code --extensionDevelopmentPath`) when `code` is on PATH, otherwise code-server on 127.0.0.1.
 * Flags: --browser (code-server even when `code` exists), --vscode oldest|latest, --port N (emulator).
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { makeRunDirs, startCodeServer } from './codeServer';
import { hostByName, type Host } from './hosts';
import { installHost } from './installCodeServer';
import { cacheRoot, repoRoot } from './paths';
import { emulatorSettings, preparePlayground } from './playground';
import { writeUserSettings } from './userSettings';

interface StartOptions {
  readonly browser: boolean;
  readonly host: Host | undefined;
  readonly port: number;
}

function parseArgs(argv: readonly string[]): StartOptions {
  let browser = false;
  let host: Host | undefined;
  let port = 8787;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--browser') {
      browser = true;
    } else if (arg === '--vscode') {
      host = hostByName(argv[++i] ?? '');
    } else if (arg === '--port') {
      port = Number(argv[++i]);
    } else {
      throw new Error(`Unknown flag ${String(arg)}. Flags: --browser, --vscode oldest|latest, --port N`);
    }
  }
  return { browser, host, port };
}

function onPath(command: string): boolean {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function startEmulatorNear(port: number): Promise<RunningEmulator> {
  try {
    return await startEmulator({ port });
  } catch {
    console.log(`Port ${port} is taken; the emulator uses a free port instead.`);
    return startEmulator({ port: 0 });
  }
}

/** What esbuild.js exports. */
interface BuildScript {
  buildTargets(this: void, production: boolean): BuildOptions[];
}

/** Builds both bundles as esbuild.js does (development mode) and rebuilds them on change. */
async function watchExtension(): Promise<{ dispose(): Promise<void> }> {
  const esbuild = await import('esbuild');
  const buildScript = path.join(repoRoot, 'esbuild.js');
  // esbuild.js is the CommonJS build script, found by path at run time.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildTargets } = require(buildScript) as BuildScript;
  const contexts = await Promise.all(buildTargets(false).map((options) => esbuild.context(options)));
  for (const context of contexts) {
    await context.rebuild();
    await context.watch();
  }
  return { dispose: async () => void (await Promise.all(contexts.map((context) => context.dispose()))) };
}

/** The dev folder, linked into code-server's extensions folder as an installed extension. */
function linkDevelopmentExtension(extensionsDir: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
    version: string;
  };
  const link = path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(repoRoot, link);
}

function printEmulator(emulator: RunningEmulator): void {
  console.log(`Emulator:  ${emulator.baseUrl}`);
  console.log(`API key:   ${emulator.apiKey}`);
  console.log('Clusters:  demo, slow-good, and fault-* clusters (see README, "Local cluster emulator")');
}

/** Where npm start keeps its profile and playground (CLUSTER_CHAT_START_DIR overrides, for tests). */
const startDir = process.env['CLUSTER_CHAT_START_DIR'] ?? path.join(cacheRoot, 'start');

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const watcher = await watchExtension();
  const emulator = await startEmulatorNear(options.port);
  const folder = preparePlayground(path.join(startDir, 'workspace'));
  const settings = emulatorSettings(emulator.baseUrl);
  const stops: Array<() => Promise<void>> = [() => watcher.dispose(), () => emulator.close()];

  if (onPath('code') && !options.browser) {
    const profile = path.join(startDir, 'desktop-profile');
    writeUserSettings(profile, settings);
    const code = spawn('code', ['--user-data-dir', profile, `--extensionDevelopmentPath=${repoRoot}`, folder], { stdio: 'inherit' });
    code.on('exit', () => undefined);
    console.log('\nDesktop VS Code opened with Cluster Chat under development.');
  } else {
    const host =
      options.host ??
      (fs.existsSync(path.join(cacheRoot, `code-server-${hostByName('latest').codeServer}`, '.installed'))
        ? hostByName('latest')
        : hostByName('oldest'));
    const install = installHost(host);
    const dirs = makeRunDirs(path.join(startDir, `code-server-${host.codeServer}`));
    linkDevelopmentExtension(dirs.extensions);
    const server = await startCodeServer({ install, dirs, folder, settings });
    stops.unshift(() => server.stop());
    console.log(`\nCluster Chat (under development) is running in VS Code ${host.vscode} (code-server ${host.codeServer}).`);
    console.log(`Open:      ${server.url}/?folder=${encodeURIComponent(folder)}`);
  }
  printEmulator(emulator);
  console.log('\nTry it: F1 → “Cluster Chat: Set API Key” (paste the key above), “Cluster Chat: Select Cluster…” → Demo,');
  console.log('then select code in hello.ts and run “Cluster Chat: Explain” (also in the editor’s right-click menu).');
  console.log('Code changes are rebuilt automatically; reload the window to pick them up. Ctrl+C stops everything.');

  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      return;
    }
    stopping = true;
    void Promise.all(stops.map((fn) => fn().catch(() => undefined))).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
