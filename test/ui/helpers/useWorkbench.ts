/**
 * The set-up UI test files share, as mocha hooks: the emulator, the workbench (with the emulator's
 * key set and a cluster selected, if asked), a screenshot of each failed test, and closing both.
 * A file states only what is particular to it.
 */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../scripts/emulator/server';
import type { Workbench } from '../../../scripts/workbench/workbench';
import { openWorkbench, takeFirstSteps, type WorkbenchSetUp } from './openWorkbench';

export interface FixtureOptions {
  /** Names the screenshot a failed test leaves, `failed-<screenshots>-<title>`; without it, none is taken. */
  readonly screenshots?: string;
  /** Starts an emulator with these options before any workbench opens; the workbench sends to it. */
  readonly emulator?: EmulatorOptions;
}

export type SuiteWorkbenchOptions = FixtureOptions & WorkbenchSetUp;

export interface SuiteWorkbench {
  /** The workbench every test of the suite drives. */
  readonly workbench: Workbench;
  readonly emulator: RunningEmulator;
}

export interface PerTestWorkbench {
  readonly emulator: RunningEmulator;
  /** Opens the test's workbench; it is closed after the test (one per test). */
  open(setUp: WorkbenchSetUp): Promise<Workbench>;
}

/**
 * One workbench for the whole suite, open from `before` to `after`. `options` may be a function,
 * for options that depend on what an earlier `before` made; it is called in `before`.
 */
export function useWorkbench(options: SuiteWorkbenchOptions | (() => SuiteWorkbenchOptions)): SuiteWorkbench {
  let screenshots: string | undefined;
  let emulator: RunningEmulator | undefined;
  let workbench: Workbench | undefined;
  before('start the emulator and open the workbench', async () => {
    const resolved = typeof options === 'function' ? options() : options;
    screenshots = resolved.screenshots;
    if (resolved.emulator) {
      emulator = await startEmulator(resolved.emulator);
    }
    workbench = await openWorkbench(resolved, emulator);
    await takeFirstSteps(workbench, resolved, emulator);
  });
  afterEach('keep a screenshot of a failed test', async function () {
    if (screenshots !== undefined) {
      await workbench?.screenshotIfFailed(this.currentTest, screenshots);
    }
  });
  after('close the workbench and the emulator', async () => {
    await workbench?.close();
    await emulator?.close();
  });
  return {
    get workbench() {
      return opened(workbench, 'the workbench');
    },
    get emulator() {
      return opened(emulator, 'the emulator');
    },
  };
}

/** A workbench of its own for each test, which the test opens; the emulator (if any) serves the suite. */
export function useWorkbenchPerTest(options: FixtureOptions): PerTestWorkbench {
  let emulator: RunningEmulator | undefined;
  let workbench: Workbench | undefined;
  const emulatorOptions = options.emulator;
  if (emulatorOptions) {
    before('start the emulator', async () => {
      emulator = await startEmulator(emulatorOptions);
    });
  }
  afterEach('keep a screenshot of a failed test and close its workbench', async function () {
    if (options.screenshots !== undefined) {
      await workbench?.screenshotIfFailed(this.currentTest, options.screenshots);
    }
    await workbench?.close();
    workbench = undefined;
  });
  if (emulatorOptions) {
    after('close the emulator', async () => {
      await emulator?.close();
    });
  }
  return {
    get emulator() {
      return opened(emulator, 'the emulator');
    },
    async open(setUp) {
      if (workbench) {
        throw new Error('this test has opened its workbench already: one per test');
      }
      workbench = await openWorkbench(setUp, emulator);
      await takeFirstSteps(workbench, setUp, emulator);
      return workbench;
    },
  };
}

function opened<T>(value: T | undefined, what: string): T {
  if (value === undefined) {
    throw new Error(`${what} is there only while the suite runs, once its before hook has made it (and only if its options asked for it)`);
  }
  return value;
}
