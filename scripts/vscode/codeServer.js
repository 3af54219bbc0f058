// Starts code-server on 127.0.0.1 in its own process group and stops the whole group.
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');

const DEFAULT_USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'window.commandCenter': false,
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Isolated folders for one run: profile, extensions, XDG dirs, temp. */
function makeRunDirs(base) {
  const dirs = {
    base,
    userData: path.join(base, 'user-data'),
    extensions: path.join(base, 'extensions'),
    xdg: path.join(base, 'xdg'),
    tmp: path.join(base, 'tmp'),
  };
  for (const dir of Object.values(dirs)) {
    fs.mkdirSync(dir, { recursive: true });
  }
  return dirs;
}

function writeUserSettings(userDataDir, settings) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...DEFAULT_USER_SETTINGS, ...settings }, null, 2));
}

function isolatedEnv(dirs, extra) {
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

/** Installs a packaged .vsix into the run's extensions folder (a packaged build, as users get it). */
function installVsix(install, dirs, vsixPath) {
  const { spawnSync } = require('node:child_process');
  const result = spawnSync(
    install.node,
    [install.entry, '--extensions-dir', dirs.extensions, '--user-data-dir', dirs.userData, '--install-extension', vsixPath],
    { env: isolatedEnv(dirs, {}), encoding: 'utf8' },
  );
  if (result.status !== 0 || !/successfully installed/i.test(result.stdout)) {
    throw new Error(`Installing ${vsixPath} into code-server failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Starts code-server. Resolves once it listens; `stop()` ends its process group.
 * @returns {Promise<{ url: string, port: number, logFile: string, stop: () => Promise<void> }>}
 */
async function startCodeServer({ install, dirs, folder, env = {}, workspaceTrust = false, settings = {} }) {
  const port = await freePort();
  writeUserSettings(dirs.userData, { ...settings, 'security.workspace.trust.enabled': workspaceTrust });
  const logFile = path.join(dirs.base, 'code-server.log');
  const log = fs.openSync(logFile, 'a');
  const args = [
    install.entry,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--user-data-dir', dirs.userData,
    '--extensions-dir', dirs.extensions,
    folder,
  ];
  const child = spawn(install.node, args, { detached: true, env: isolatedEnv(dirs, env), stdio: ['ignore', 'pipe', log] });
  let exited = false;
  const exitedPromise = new Promise((resolve) => child.once('exit', () => { exited = true; resolve(); }));
  await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`code-server did not start within 60 s; log: ${logFile}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      fs.appendFileSync(logFile, chunk);
      output += chunk.toString();
      if (output.includes('HTTP server listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited with ${code} before listening; log: ${logFile}`));
    });
  });
  const stop = async () => {
    if (exited) {
      return;
    }
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    await exitedPromise;
    clearTimeout(timer);
    fs.closeSync(log);
  };
  return { url: `http://127.0.0.1:${port}`, port, logFile, stop };
}

module.exports = { startCodeServer, makeRunDirs, installVsix, freePort };
