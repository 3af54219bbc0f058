import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Real Debian servers a test starts on loopback (nginx terminating TLS with a private CA, tinyproxy
 * as a forward proxy), each in its own temporary folder for config, pid and logs. Every start waits
 * until the port accepts connections; `stop()` ends the whole process group and removes the folder.
 */
export interface RealServer {
  readonly port: number;
  readonly folder: string;
  /** Every log file the server wrote, concatenated. */
  logs(): string;
  stop(): Promise<void>;
}

/** A private CA the test made, and a certificate for localhost and 127.0.0.1 that it signed. */
export interface PrivateCa {
  readonly folder: string;
  readonly caFile: string;
  readonly caPem: string;
  readonly caSubject: string;
  readonly certFile: string;
  readonly keyFile: string;
  remove(): void;
}

export function createPrivateCa(label: string): PrivateCa {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-ca-'));
  fs.chmodSync(folder, 0o755);
  const file = (name: string): string => path.join(folder, name);
  const caSubject = `Cluster Chat Test Root ${label} ${process.pid}`;
  const openssl = (args: string[]): void => void execFileSync('openssl', args, { cwd: folder, stdio: 'pipe' });
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    `/CN=${caSubject}`,
  ]);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost']);
  fs.writeFileSync(file('san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  openssl([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  ]);
  for (const name of ['server.key', 'server.crt', 'ca.crt']) {
    fs.chmodSync(file(name), 0o644);
  }
  return {
    folder,
    caFile: file('ca.crt'),
    caPem: fs.readFileSync(file('ca.crt'), 'utf8'),
    caSubject,
    certFile: file('server.crt'),
    keyFile: file('server.key'),
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * nginx on a free loopback port passing requests to `upstream`: terminating TLS with the CA's
 * certificate, or plain http without one. `directives` go into its `http` block (say,
 * `keepalive_timeout 2s;`).
 */
export async function startNginx(ca: PrivateCa | undefined, upstream: string, directives: readonly string[] = []): Promise<RealServer> {
  const folder = serverFolder('cc-nginx-');
  const port = await freePort();
  const file = (name: string): string => path.join(folder, name);
  const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `${name === 'body' ? 'client_body' : name}_temp_path ${file(name)};`,
  );
  fs.writeFileSync(
    file('nginx.conf'),
    [
      // As root, workers would switch to nobody, who cannot reach a folder inside the test's private TMPDIR.
      ...(process.getuid?.() === 0 ? ['user root root;'] : []),
      'worker_processes 1;',
      `error_log ${file('error.log')} info;`,
      `pid ${file('nginx.pid')};`,
      'daemon off;',
      'events { worker_connections 256; }',
      'http {',
      // Which connection each request came on, and its how-manieth it was there.
      "  log_format reuse '$remote_addr $request $status connection=$connection requests=$connection_requests';",
      `  access_log ${file('access.log')} reuse;`,
      ...temp.map((line) => `  ${line}`),
      ...directives.map((line) => `  ${line}`),
      '  server {',
      ...(ca
        ? [`    listen 127.0.0.1:${port} ssl;`, `    ssl_certificate ${ca.certFile};`, `    ssl_certificate_key ${ca.keyFile};`]
        : [`    listen 127.0.0.1:${port};`]),
      '    server_name localhost;',
      `    location / { proxy_pass ${upstream}; proxy_http_version 1.1; proxy_set_header Connection ""; }`,
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn('nginx', ['-p', folder, '-c', file('nginx.conf'), '-e', file('error.log')], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return running(child, port, folder, ['error.log', 'access.log']);
}

export interface ProxyAuth {
  readonly user: string;
  readonly password: string;
}

/** tinyproxy on a free loopback port, tunnelling CONNECT to any port; with `auth`, it answers 407 without it. */
export async function startTinyproxy(auth?: ProxyAuth): Promise<RealServer> {
  const folder = serverFolder('cc-tinyproxy-');
  const port = await freePort();
  const file = (name: string): string => path.join(folder, name);
  const lines = [
    `Port ${port}`,
    'Listen 127.0.0.1',
    'Timeout 30',
    `LogFile "${file('tinyproxy.log')}"`,
    'LogLevel Info',
    `PidFile "${file('tinyproxy.pid')}"`,
    'MaxClients 20',
    'Allow 127.0.0.1',
    'DisableViaHeader Yes',
    ...(auth ? [`BasicAuth ${auth.user} ${auth.password}`] : []),
    '',
  ];
  fs.writeFileSync(file('tinyproxy.conf'), lines.join('\n'));
  const child = spawn('tinyproxy', ['-d', '-c', file('tinyproxy.conf')], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  return running(child, port, folder, ['tinyproxy.log']);
}

function serverFolder(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function running(child: ChildProcess, port: number, folder: string, logNames: string[]): Promise<RealServer> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    // Not installed (ENOENT): say so instead of waiting for a port that never opens.
    child.once('error', (error) => {
      output += `${error.message}${error.message.includes('ENOENT') ? ' (install it: bash .ci/run does)' : ''}`;
      resolve(null);
    });
  });
  let done = false;
  void exited.then(() => (done = true));
  const logs = (): string =>
    logNames
      .map((name) => path.join(folder, name))
      .map((file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''))
      .join('\n');
  const stop = async (): Promise<void> => {
    if (!done && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // The group is already gone.
      }
      const killer = setTimeout(() => child.pid !== undefined && !done && process.kill(-child.pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (done || Date.now() > deadline) {
      const seen = `${output}\n${logs()}`.trim();
      await stop();
      throw new Error(`${path.basename(folder)} did not listen on 127.0.0.1:${port}${done ? ' (it exited)' : ' within 10 s'}: ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, folder, logs, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
