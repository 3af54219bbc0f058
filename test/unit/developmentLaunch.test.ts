import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * F5 cannot be pressed here, so this runs what F5 runs: each task's own command, checked against
 * the problem matcher that tells VS Code the background task is ready, and the launch
 * configurations checked against what those commands produce.
 */

const root = path.resolve(__dirname, '..', '..', '..');

interface Task {
  readonly label: string;
  readonly command?: string;
  readonly isBackground?: boolean;
  readonly dependsOn?: string | readonly string[];
  readonly problemMatcher?: { readonly background?: { readonly endsPattern: string } } | string | readonly never[];
}

interface Configuration {
  readonly name: string;
  readonly args: readonly string[];
  readonly preLaunchTask: string;
  readonly env?: Readonly<Record<string, string>>;
}

/** VS Code's files allow `//` comments on lines of their own, which is all these two use. */
function readJsonWithComments<T>(file: string): T {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as T;
}

const tasks = readJsonWithComments<{ tasks: Task[] }>('.vscode/tasks.json').tasks;
const configurations = readJsonWithComments<{ configurations: Configuration[] }>('.vscode/launch.json').configurations;

function task(label: string): Task {
  const found = tasks.find((candidate) => candidate.label === label);
  assert.ok(found, `no task labelled "${label}"`);
  return found;
}

function dependencies(label: string): Task[] {
  const { dependsOn } = task(label);
  const direct = dependsOn === undefined ? [] : typeof dependsOn === 'string' ? [dependsOn] : dependsOn;
  return [task(label), ...direct.flatMap(dependencies)];
}

/** Runs a background task's command until its output matches the end pattern, then stops it. */
function runUntilReady(background: Task, timeoutMs: number): Promise<string> {
  const endsPattern =
    typeof background.problemMatcher === 'object' && 'background' in background.problemMatcher
      ? background.problemMatcher.background?.endsPattern
      : undefined;
  assert.ok(background.command && endsPattern, `${background.label} is a background task with an end pattern`);
  const ready = new RegExp(endsPattern, 'm');
  return new Promise((resolve, reject) => {
    const child = spawn(background.command ?? '', { cwd: root, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const stop = () => {
      clearTimeout(timer);
      if (child.pid !== undefined && child.exitCode === null) {
        process.kill(-child.pid, 'SIGTERM');
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`"${background.label}" did not print /${endsPattern}/ within ${timeoutMs} ms; it printed:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        stop();
        resolve(output);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      if (!ready.test(output)) {
        clearTimeout(timer);
        reject(new Error(`"${background.label}" exited (${code}) before it was ready; it printed:\n${output}`));
      }
    });
  });
}

describe('F5 development launch (.vscode/launch.json and tasks.json)', function () {
  this.timeout(120_000);

  it('every launch configuration names a task that exists, and every task it depends on exists', () => {
    assert.deepEqual(
      configurations.map((configuration) => configuration.name),
      ['Run Extension (emulator)', 'Integration Tests'],
    );
    for (const configuration of configurations) {
      const chain = dependencies(configuration.preLaunchTask).map((each) => each.label);
      assert.ok(chain.includes('Emulator') && chain.includes('Development profile'), `${configuration.name}: ${chain.join(', ')}`);
    }
  });

  it('the emulator task becomes ready, at the URL and key the profile and the integration tests use', async () => {
    const output = await runUntilReady(task('Emulator'), 60_000);
    const url = /listening on (\S+)/.exec(output)?.[1];
    const key = /API key: (\S+)/.exec(output)?.[1];
    assert.ok(url && key, output);

    const profileTask = task('Development profile');
    assert.ok(profileTask.command);
    await new Promise<void>((resolve, reject) =>
      spawn(profileTask.command ?? '', { cwd: root, shell: true, stdio: 'ignore' }).on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`the profile task exited with ${code}`)),
      ),
    );
    const runConfiguration = configurations.find((configuration) => configuration.name === 'Run Extension (emulator)');
    const profile = runConfiguration?.args.find((arg) => arg.startsWith('--user-data-dir='))?.split('=')[1];
    assert.ok(profile);
    const settingsFile = path.join(profile.replace('${workspaceFolder}', root), 'User', 'settings.json');
    const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
    assert.equal(settings['clusterChat.baseUrl'], url, 'the F5 window sends to the emulator the task started');

    const tests = configurations.find((configuration) => configuration.name === 'Integration Tests');
    assert.equal(tests?.env?.['CLUSTER_CHAT_TEST_EMULATOR_URL'], url);
    assert.equal(tests?.env?.['CLUSTER_CHAT_TEST_EMULATOR_KEY'], key);
    for (const arg of tests?.args ?? []) {
      const target = /^--extension(?:Development|Tests)Path=(.*)$/.exec(arg)?.[1];
      if (target !== undefined) {
        const file = target.replace('${workspaceFolder}', root);
        assert.ok(fs.existsSync(file) || fs.existsSync(`${file}.js`), `${arg} points at nothing`);
      }
    }
  });

  it('the bundle watch task becomes ready once both bundles are built', async () => {
    const output = await runUntilReady(task('Watch bundles'), 90_000);
    assert.match(output, /dist\/extension\.js/);
    assert.match(output, /dist\/webview\.js/);
  });
});
