import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ClusterChatExports } from '../../src/extensionApi';

export const EXTENSION_ID = 'clusterchat.cluster-chat';

/** The emulator the runner started for this host (its URL and key come through the environment). */
export function emulatorFromEnvironment(): { baseUrl: string; apiKey: string; origin: string } {
  const baseUrl = process.env['CLUSTER_CHAT_TEST_EMULATOR_URL'];
  const apiKey = process.env['CLUSTER_CHAT_TEST_EMULATOR_KEY'];
  assert.ok(baseUrl && apiKey, 'the test runner must set CLUSTER_CHAT_TEST_EMULATOR_URL and CLUSTER_CHAT_TEST_EMULATOR_KEY');
  return { baseUrl, apiKey, origin: new URL(baseUrl).origin };
}

/** Activates the extension under test and returns its exports, with the test-mode hooks. */
export async function activateExtension(): Promise<Required<ClusterChatExports>> {
  const extension = vscode.extensions.getExtension<ClusterChatExports>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded in this VS Code ${vscode.version}`);
  const api = await extension.activate();
  assert.ok(api.testing, 'the extension must expose its test hooks in test mode');
  return { ...api, testing: api.testing };
}

/** The emulator's per-cluster request counts, read over HTTP from inside the extension host. */
export async function emulatorStats(baseUrl: string): Promise<{ total: number; clusters: Record<string, { received: number }> }> {
  const response = await fetch(`${baseUrl}/_emulator/stats`);
  assert.equal(response.status, 200);
  return (await response.json()) as { total: number; clusters: Record<string, { received: number }> };
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
