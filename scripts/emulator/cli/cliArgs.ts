import { resolveOptions } from '../options';
import type { EmulatorOptions } from '../publicTypes';

export const DEFAULT_CLI_PORT = 8787;
export const UPSTREAM_KEY_ENV = 'EMULATOR_UPSTREAM_API_KEY';

export const HELP_TEXT = `Usage: npm run emulator -- [options]
       node out/scripts/emulator/cli/main.js [options]

Runs a local emulator of the Clusters API (POST <base>/clusters?id=<cluster_id>) with
ordinary demo clusters and built-in fault clusters.

Options:
  --port N              port to listen on (default ${DEFAULT_CLI_PORT}; 0 picks a free port)
  --host H              loopback address to bind (default 127.0.0.1; only 127.0.0.0/8, ::1, localhost)
  --key K               API key clients must send as "Authorization: Bearer K" (default emulator-dev-key)
  --cluster ID          an ordinary cluster id; repeat for more (replaces the default "demo")
  --max-body-bytes N    largest accepted request body (default 4194304)
  --retry-after N       Retry-After seconds sent by fault-429, fault-429-once and fault-503 (default 1)
  --slow-ms N           delay of slow-good and fault-slow-body in milliseconds (default 3000)
  --upstream URL        answer ordinary clusters through an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1
  --upstream-model M    model name for --upstream (required with it)
  --exit-after SECONDS  stop by itself after this many seconds
  --quiet               no per-request log
  --help                show this help

The upstream API key is read from the ${UPSTREAM_KEY_ENV} environment variable, never from a flag.`;

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'error'; message: string }
  | { kind: 'run'; options: EmulatorOptions; exitAfterSeconds: number | undefined; quiet: boolean };

type Env = Readonly<Record<string, string | undefined>>;

const VALUE_FLAGS = new Set([
  '--port',
  '--host',
  '--key',
  '--cluster',
  '--max-body-bytes',
  '--retry-after',
  '--slow-ms',
  '--upstream',
  '--upstream-model',
  '--exit-after',
]);

/** Parses the command line (without `node` and the script path). Accepts `--flag value` and `--flag=value`. */
export function parseCliArgs(argv: readonly string[], env: Env): CliCommand {
  try {
    return parse(argv, env);
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

function parse(argv: readonly string[], env: Env): CliCommand {
  const values = new Map<string, string[]>();
  let quiet = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--help' || arg === '-h') {
      return { kind: 'help' };
    }
    if (arg === '--quiet') {
      quiet = true;
      continue;
    }
    const [flag = '', inline] = arg.split(/=(.*)/s, 2);
    if (!VALUE_FLAGS.has(flag)) {
      throw new Error(arg.startsWith('-') ? `Unknown option '${flag}'.` : `Unexpected argument '${arg}'.`);
    }
    const value = inline ?? argv[(index += 1)];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new Error(`Option ${flag} needs a value.`);
    }
    values.set(flag, [...(values.get(flag) ?? []), value]);
  }

  const single = (flag: string): string | undefined => {
    const given = values.get(flag);
    if (given !== undefined && given.length > 1) {
      throw new Error(`Option ${flag} may be given only once.`);
    }
    return given?.[0];
  };
  const integer = (flag: string): number | undefined => {
    const text = single(flag);
    if (text !== undefined && !/^\d+$/.test(text)) {
      throw new Error(`Option ${flag} needs a whole number, got '${text}'.`);
    }
    return text === undefined ? undefined : Number(text);
  };

  const upstreamUrl = single('--upstream');
  const upstreamModel = single('--upstream-model');
  if ((upstreamUrl === undefined) !== (upstreamModel === undefined)) {
    throw new Error('--upstream and --upstream-model must be given together.');
  }
  const exitAfter = single('--exit-after');
  if (exitAfter !== undefined && !(/^\d+(\.\d+)?$/.test(exitAfter) && Number(exitAfter) > 0)) {
    throw new Error(`Option --exit-after needs a positive number of seconds, got '${exitAfter}'.`);
  }
  const options: EmulatorOptions = {
    port: integer('--port') ?? DEFAULT_CLI_PORT,
    host: single('--host'),
    apiKey: single('--key'),
    clusters: values.get('--cluster'),
    maxBodyBytes: integer('--max-body-bytes'),
    retryAfterSeconds: integer('--retry-after'),
    slowMs: integer('--slow-ms'),
    upstream:
      upstreamUrl !== undefined && upstreamModel !== undefined
        ? { url: upstreamUrl, model: upstreamModel, apiKey: env[UPSTREAM_KEY_ENV] }
        : undefined,
  };
  resolveOptions(options);
  return { kind: 'run', options, exitAfterSeconds: exitAfter === undefined ? undefined : Number(exitAfter), quiet };
}
