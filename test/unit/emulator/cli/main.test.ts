import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import * as path from 'node:path';
import { assistantText, postCluster } from '../emulatorRequests';

const CLI = path.resolve(__dirname, '../../../../scripts/emulator/cli/main.js');

interface Cli {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  errors(): string;
  exited: Promise<number | null>;
}

function runCli(args: readonly string[], env: Record<string, string> = {}): Cli {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => stdout, errors: () => stderr, exited };
}

async function waitForOutput(cli: Cli, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const match = pattern.exec(cli.output());
    if (match !== null) {
      return match;
    }
    if (Date.now() > deadline || cli.child.exitCode !== null) {
      throw new Error(`CLI output did not match ${String(pattern)}:\n${cli.output()}\n${cli.errors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('emulator: CLI', () => {
  const started: Cli[] = [];
  afterEach(() => {
    for (const cli of started.splice(0)) {
      if (cli.child.exitCode === null && cli.child.signalCode === null) {
        cli.child.kill('SIGKILL');
      }
    }
  });
  const start = (args: readonly string[], env?: Record<string, string>): Cli => {
    const cli = runCli(args, env);
    started.push(cli);
    return cli;
  };

  it('prints the base URL and key first, lists the clusters, answers, and stops on SIGTERM', async () => {
    const cli = start(['--port', '0', '--exit-after', '5', '--quiet']);
    await waitForOutput(cli, /Stop with Ctrl\+C\./);
    const lines = cli.output().split('\n');
    const baseUrl = /^Cluster emulator listening on (http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(lines[0] ?? '')?.[1];
    assert.ok(baseUrl, `first line was: ${lines[0] ?? ''}`);
    assert.equal(lines[1], 'API key: emulator-dev-key');
    assert.match(cli.output(), /^ {2}demo +ordinary cluster/m);
    assert.match(cli.output(), /^ {2}fault-hang +reads the request and never answers$/m);

    const result = await postCluster({ baseUrl, apiKey: 'emulator-dev-key' }, 'demo');
    assert.equal(result.status, 200);
    assert.ok(assistantText(result).length > 0);
    assert.doesNotMatch(cli.output(), /POST \/v1\/clusters/, '--quiet prints no request log');

    cli.child.kill('SIGTERM');
    assert.equal(await cli.exited, 0);
    assert.match(cli.output(), /Cluster emulator stopped \(SIGTERM\)/);
  });

  it('logs requests without the key, honours --key and --cluster, and stops by itself with --exit-after', async () => {
    const cli = start(['--port=0', '--key', 'cli-secret-key', '--cluster', 'alpha', '--cluster', 'beta', '--exit-after', '1']);
    const [, baseUrl = ''] = await waitForOutput(cli, /listening on (\S+)\n/);
    await waitForOutput(cli, /Stop with Ctrl\+C\./);
    assert.match(cli.output(), /^API key: cli-secret-key$/m);
    assert.doesNotMatch(cli.output(), /^ {2}demo /m);
    const emulator = { baseUrl, apiKey: 'cli-secret-key' };
    assert.equal((await postCluster(emulator, 'beta')).status, 200);
    assert.equal((await postCluster(emulator, 'demo')).status, 404);
    await waitForOutput(cli, /cluster="demo" 404/);
    const logLines = cli
      .output()
      .split('\n')
      .filter((line) => line.includes('POST /v1/clusters'));
    assert.equal(logLines.length, 2);
    for (const line of logLines) {
      assert.doesNotMatch(line, /cli-secret-key|\?id=/);
    }
    assert.equal(await cli.exited, 0);
    assert.match(cli.output(), /stopped \(--exit-after 1\)/);
  });

  it('exits with 2 and a clear message on an unknown flag', async () => {
    const cli = start(['--port', '0', '--frobnicate']);
    assert.equal(await cli.exited, 2);
    assert.match(cli.errors(), /Unknown option '--frobnicate'/);
    assert.match(cli.errors(), /--help/);
    assert.equal(cli.output(), '');
  });

  it('exits with 2 for a bad value, a non-loopback host or --upstream without a model', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--port', 'eighty'], /--port needs a whole number/],
      [['--port'], /--port needs a value/],
      [['--host', '0.0.0.0'], /only loopback addresses/],
      [['--upstream', 'http://127.0.0.1:11434/v1'], /--upstream and --upstream-model must be given together/],
    ];
    for (const [args, message] of cases) {
      const cli = start(args);
      assert.equal(await cli.exited, 2, args.join(' '));
      assert.match(cli.errors(), message);
    }
  });

  it('--help prints the options and exits with 0', async () => {
    const cli = start(['--help']);
    assert.equal(await cli.exited, 0);
    assert.match(cli.output(), /--upstream-model M/);
    assert.match(cli.output(), /EMULATOR_UPSTREAM_API_KEY/);
  });
});
