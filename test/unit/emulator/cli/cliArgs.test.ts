import assert from 'node:assert/strict';
import { parseCliArgs } from '../../../../scripts/emulator/cli/cliArgs';

describe('emulator: CLI arguments', () => {
  it('defaults to port 8787 and no other overrides', () => {
    const command = parseCliArgs([], {});
    assert.equal(command.kind, 'run');
    assert.ok(command.kind === 'run');
    assert.equal(command.options.port, 8787);
    assert.equal(command.options.clusters, undefined);
    assert.equal(command.quiet, false);
    assert.equal(command.exitAfterSeconds, undefined);
  });

  it('reads every flag, repeated --cluster, and the upstream key from the environment only', () => {
    const command = parseCliArgs(
      [
        '--port',
        '0',
        '--host',
        'localhost',
        '--key',
        'k',
        '--cluster',
        'a',
        '--cluster=b c',
        '--max-body-bytes',
        '1000',
        '--retry-after',
        '3',
        '--slow-ms',
        '50',
        '--upstream',
        'http://127.0.0.1:11434/v1',
        '--upstream-model',
        'llama',
        '--exit-after',
        '0.5',
        '--quiet',
      ],
      { EMULATOR_UPSTREAM_API_KEY: 'from-env' },
    );
    assert.ok(command.kind === 'run');
    assert.deepEqual(command.options, {
      port: 0,
      host: 'localhost',
      apiKey: 'k',
      clusters: ['a', 'b c'],
      maxBodyBytes: 1000,
      retryAfterSeconds: 3,
      slowMs: 50,
      upstream: { url: 'http://127.0.0.1:11434/v1', model: 'llama', apiKey: 'from-env' },
    });
    assert.equal(command.exitAfterSeconds, 0.5);
    assert.equal(command.quiet, true);
  });

  it('has no flag for the upstream key', () => {
    const command = parseCliArgs(['--upstream-key', 'x'], {});
    assert.deepEqual(command, { kind: 'error', message: "Unknown option '--upstream-key'." });
  });

  it('reports usage errors', () => {
    const errors: Array<[string[], RegExp]> = [
      [['positional'], /Unexpected argument 'positional'/],
      [['--port', '1', '--port', '2'], /only once/],
      [['--port', '70000'], /port must be an integer from 0 to 65535/],
      [['--exit-after', '0'], /positive number of seconds/],
      [['--upstream-model', 'm'], /given together/],
      [['--upstream', 'not a url', '--upstream-model', 'm'], /not a valid URL/],
      [['--cluster', 'fault-hang'], /reserved/],
      [['--slow-ms', '--quiet'], /--slow-ms needs a value/],
    ];
    for (const [args, message] of errors) {
      const command = parseCliArgs(args, {});
      assert.ok(command.kind === 'error', args.join(' '));
      assert.match(command.message, message);
    }
  });
});
