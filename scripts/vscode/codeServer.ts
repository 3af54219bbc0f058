/** Starts code-server on 127.0.0.1 in its own process group, isolated from the user's profile. */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { InstalledHost } from './installCodeServer';
import { writeUserSettings } from './userSettings';

const DEFAULT_USER_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.openRepositoryInParentFolders': 'never',
};

/** Folders of one run: profile, extensions, XDG dirs and temp, all under `base`. */
export interface RunDirs {
  readonly base: string;
  readonly userData: string;
  readonly extensions: string;
  readonly xdg: string;
  readonly tmp: string;
}

export function makeRunDirs(base: string): RunDirs {
  const dirs: RunDirs = {
    base,
    userData: path.join(base, 'user-data'),
    extensions: path.join(base, 'extensions'),
    xdg: path.join(base, 'xdg'),
    tmp: path.join(base, 'tmp'),
  };
  for (const dir of [dirs.base, dirs.userData, dirs.extensions, dirs.xdg, dirs.tmp]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  return dirs;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isolatedEnv(dirs: RunDirs, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    EXTENSIONS_GALLERY: '{}',
    XDG_CONFIG_HOME: dirs.xdg,
    XDG_DATA_HOME: dirs.xdg,
    XDG_CACHE_HOME: dirs.xdg,
    TMPDIR: dirs.tmp,
    ...extra,
  };
}

/** Installs a packaged .vsix into the run's extensions folder, as a user would get it. */
export function installVsix(install: InstalledHost, dirs: RunDirs, vsixPath: string): void {
  const result = spawnSync(
    install.node,
    [install.entry, '--extensions-dir', dirs.extensions, '--user-data-dir', dirs.userData, '--install-extension', vsixPath],
    { env: isolatedEnv(dirs, {}), encoding: 'utf8' },
  );
  if (result.status !== 0 || !/successfully installed/i.test(result.stdout)) {
    throw new Error(`Installing ${vsixPath} into code-server failed:\n${result.stdout}\n${result.stderr}`);
  }
}

export interface CodeServerOptions {
  readonly install: InstalledHost;
  readonly dirs: RunDirs;
  /** The folder the workbench opens. */
  readonly folder: string;
  /** Extra environment for the server and so the extension host. */
  readonly env?: Record<string, string>;
  /** Leave Workspace Trust on (for Restricted Mode tests). */
  readonly workspaceTrust?: boolean;
  readonly settings?: Record<string, unknown>;
}

export interface RunningCodeServer {
  readonly url: string;
  readonly port: number;
  /** The server's process (its extension hosts are among its descendants). */
  readonly pid: number | undefined;
  readonly logFile: string;
  stop(): Promise<void>;
}

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  const { install, dirs } = options;
  const trust = options.workspaceTrust ?? false;
  const port = await freePort();
  writeUserSettings(dirs.userData, {
    ...DEFAULT_USER_SETTINGS,
    'security.workspace.trust.enabled': trust,
    // The run's own, not the home folder's: what a test sends never depends on the machine's user.
    'clusterChat.userFolder': path.join(dirs.base, 'cluster-chat-user'),
    ...options.settings,
  });
  const logFile = path.join(dirs.base, 'code-server.log');
  const log = fs.openSync(logFile, 'a');
  const args = [
    install.entry,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(trust ? [] : ['--disable-workspace-trust']),
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    options.folder,
  ];
  const child = spawn(install.node, args, { detached: true, env: isolatedEnv(dirs, options.env ?? {}), stdio: ['ignore', 'pipe', log] });
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`code-server did not start within 60 s; log: ${logFile}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      fs.appendFileSync(logFile, chunk);
      output += chunk.toString();
      if (output.includes('HTTP server listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited with ${String(code)} before listening; log: ${logFile}`));
    });
  });
  const stop = async (): Promise<void> => {
    if (!exited && child.pid !== undefined) {
      const pid = child.pid;
      const signal = (name: NodeJS.Signals): void => {
        try {
          process.kill(-pid, name);
        } catch {
          // the group is already gone
        }
      };
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(timer);
    }
    try {
      fs.closeSync(log);
    } catch {
      // already closed
    }
  };
  return { url: `http://127.0.0.1:${port}`, port, pid: child.pid, logFile, stop };
}
