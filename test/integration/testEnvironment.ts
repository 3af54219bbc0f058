import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ClusterChatApi } from '../../src/api/vscode/clusterChatApi';
import { TEST_HOOKS_COMMAND, type TestHooks } from '../../src/api/vscode/testHooks';
import { MAX_CLUSTER_ID_LENGTH } from '../../src/client/common/clusterId';
import type { ClusterEntry } from '../../src/base/vscode/settings';
import { LINE_PREFIX } from './index';

export const EXTENSION_ID = 'clusterchat.cluster-chat';

/** The emulator the runner started for this host (its URL and key come through the environment). */
export function emulatorFromEnvironment(): { baseUrl: string; apiKey: string; origin: string } {
  const baseUrl = process.env['CLUSTER_CHAT_TEST_EMULATOR_URL'];
  const apiKey = process.env['CLUSTER_CHAT_TEST_EMULATOR_KEY'];
  assert.ok(baseUrl && apiKey, 'the test runner must set CLUSTER_CHAT_TEST_EMULATOR_URL and CLUSTER_CHAT_TEST_EMULATOR_KEY');
  return { baseUrl, apiKey, origin: new URL(baseUrl).origin };
}

/** Activates the extension under test and returns its API, with its parts as test mode hands them to its own tests. */
export async function activateExtension(): Promise<ClusterChatApi & { readonly testing: TestHooks }> {
  const extension = vscode.extensions.getExtension<ClusterChatApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded in this VS Code ${vscode.version}`);
  const api = await extension.activate();
  assert.equal('testing' in api, false, 'the API other extensions get carries no internals');
  const testing = await vscode.commands.executeCommand<TestHooks | undefined>(TEST_HOOKS_COMMAND);
  assert.ok(testing, 'the extension must hand its tests its parts in test mode');
  return { ...api, testing };
}

/** The emulator's per-cluster request counts, read over HTTP from inside the extension host. */
export async function emulatorStats(baseUrl: string): Promise<EmulatorStats> {
  const response = await fetch(`${baseUrl}/_emulator/stats`);
  assert.equal(response.status, 200);
  return (await response.json()) as EmulatorStats;
}

export interface EmulatorStats {
  readonly total: number;
  readonly clusters: Record<string, { readonly received: number; readonly completed: number; readonly aborted: number } | undefined>;
}

/** One cluster's counts (zeros before its first request). */
export async function clusterStats(baseUrl: string, clusterId: string): Promise<{ received: number; completed: number; aborted: number }> {
  return (await emulatorStats(baseUrl)).clusters[clusterId] ?? { received: 0, completed: 0, aborted: 0 };
}

/** Polls `condition` until it holds, failing with `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      assert.fail(`timed out waiting until ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the emulator counted `count` requests of one cluster as `field` (received, completed or aborted). */
export async function waitForClusterCount(
  baseUrl: string,
  clusterId: string,
  field: 'received' | 'completed' | 'aborted',
  count: number,
): Promise<void> {
  await waitFor(
    `the emulator counted ${count} request(s) of ${clusterId} as ${field}`,
    async () => (await clusterStats(baseUrl, clusterId))[field] === count,
  );
}

/** Points the extension at the runner's emulator with its key and `clusterId` active. */
export async function useEmulator(clusterId: string, label?: string): Promise<void> {
  const { testing } = await activateExtension();
  const emulator = emulatorFromEnvironment();
  await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', emulator.baseUrl, vscode.ConfigurationTarget.Global);
  await testing.apiKeys.set(emulator.origin, emulator.apiKey);
  if (label !== undefined) {
    await testing.clusters.upsert({ id: clusterId, label });
  }
  await testing.clusters.setActive(clusterId);
}

/** Undoes useEmulator: the key and the settings it wrote are removed. */
export async function stopUsingEmulator(): Promise<void> {
  const { testing } = await activateExtension();
  await testing.apiKeys.delete(emulatorFromEnvironment().origin);
  const configuration = vscode.workspace.getConfiguration('clusterChat');
  await configuration.update('clusters', undefined, vscode.ConfigurationTarget.Global);
  await configuration.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
}

/** Prints a line of figures among the test results (the runner relays only marked lines). */
export function report(text: string): void {
  console.log(`${LINE_PREFIX}${text}`);
}

/** Cluster ids no request may carry: an unpaired surrogate, a control character, one unit too long. */
export const UNSENDABLE_CLUSTER_IDS: readonly string[] = ['a\ud800b', 'demo\u0007', 'x'.repeat(MAX_CLUSTER_ID_LENGTH + 1)];

/** What the pipeline says of such an id, wherever it came from. */
export const NOT_SENT_CLUSTER_ID = /^The cluster id “[^”]*” .*so it was not sent\. Check the id in “clusterChat\.clusters”/;

/**
 * Runs `body` with `entries` added to `clusterChat.clusters` in the user's settings, as a user
 * would write them, and puts the setting back afterwards.
 */
export async function withClustersInSettings(entries: readonly ClusterEntry[], body: () => Promise<void>): Promise<void> {
  const configuration = vscode.workspace.getConfiguration('clusterChat');
  const saved = configuration.inspect<unknown[]>('clusters')?.globalValue;
  await configuration.update('clusters', [...(saved ?? []), ...entries], vscode.ConfigurationTarget.Global);
  try {
    await body();
  } finally {
    await configuration.update('clusters', saved, vscode.ConfigurationTarget.Global);
  }
}

/** The text of the extension's log (its Output channel) as written so far. */
export function extensionLog(logFolder: string): string {
  return fs
    .readdirSync(logFolder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('Cluster Chat.log'))
    .map((name) => fs.readFileSync(path.join(logFolder, name), 'utf8'))
    .join('\n');
}
