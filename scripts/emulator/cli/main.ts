import { bannerLines } from './banner';
import { HELP_TEXT, parseCliArgs } from './cliArgs';
import { startEmulator } from '../server';

async function main(): Promise<void> {
  const command = parseCliArgs(process.argv.slice(2), process.env);
  if (command.kind === 'help') {
    process.stdout.write(`${HELP_TEXT}\n`);
    return;
  }
  if (command.kind === 'error') {
    process.stderr.write(`emulator: ${command.message}\nRun with --help to see the options.\n`);
    process.exitCode = 2;
    return;
  }

  const log = command.quiet
    ? undefined
    : (line: string): void => {
        process.stdout.write(`${new Date().toISOString().slice(11, 23)} ${line}\n`);
      };
  const emulator = await startEmulator({ ...command.options, log }).catch((error: unknown) => {
    process.stderr.write(`emulator: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
    return undefined;
  });
  if (emulator === undefined) {
    return;
  }
  process.stdout.write(`${bannerLines(emulator, command.options).join('\n')}\n`);

  let exitTimer: NodeJS.Timeout | undefined;
  const stop = (reason: string): void => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.once('SIGINT', () => process.exit(130));
    clearTimeout(exitTimer);
    void emulator.close().then(() => process.stdout.write(`Cluster emulator stopped (${reason}).\n`));
  };
  const onSignal = (signal: NodeJS.Signals): void => stop(signal);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  if (command.exitAfterSeconds !== undefined) {
    const seconds = command.exitAfterSeconds;
    exitTimer = setTimeout(() => stop(`--exit-after ${seconds}`), seconds * 1000);
  }
}

void main();
