/**
 * Runs inside the real extension host (as the tests entry of a development workbench): measures
 * start-up and memory there and writes them as JSON to CLUSTER_CHAT_BENCH_OUT.
 */
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import type { ClusterChatApi } from '../../src/api/vscode/clusterChatApi';
import { TEST_HOOKS_COMMAND, type TestHooks } from '../../src/api/vscode/testHooks';

export interface HostFigures {
  readonly activeAtStart: boolean;
  readonly activateMs: number;
  readonly loadAndActivateMs: number;
  readonly firstCommandMs: number;
  readonly firstRequestMs: number;
  readonly requests: number;
  readonly heapGrowthMb: number;
}

const REQUESTS = 1000;

function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

function settledHeap(gc: () => void): number {
  for (let pass = 0; pass < 3; pass++) {
    gc();
  }
  return process.memoryUsage().heapUsed;
}

export async function run(): Promise<void> {
  const out = process.env['CLUSTER_CHAT_BENCH_OUT'];
  const baseUrl = process.env['CLUSTER_CHAT_TEST_EMULATOR_URL'];
  const apiKey = process.env['CLUSTER_CHAT_TEST_EMULATOR_KEY'];
  if (!out || !baseUrl || !apiKey) {
    throw new Error('CLUSTER_CHAT_BENCH_OUT and the emulator variables must be set');
  }
  const extension = vscode.extensions.getExtension<ClusterChatApi>('clusterchat.cluster-chat');
  if (!extension) {
    throw new Error('Cluster Chat is not loaded');
  }
  const activeAtStart = extension.isActive;
  const loadStarted = performance.now();
  const api = await extension.activate();
  const loadAndActivateMs = performance.now() - loadStarted;
  const testing = await vscode.commands.executeCommand<TestHooks | undefined>(TEST_HOOKS_COMMAND);
  if (!testing) {
    throw new Error('the extension must run in test mode');
  }
  const commandStarted = performance.now();
  await vscode.commands.executeCommand('clusterChat.showLog');
  const firstCommandMs = performance.now() - commandStarted;

  await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
  await testing.apiKeys.set(new URL(baseUrl).origin, apiKey);
  const conversation = [
    { role: 'system', content: 'You are a benchmark.' },
    { role: 'user', content: 'The quick brown fox jumps over the lazy dog. '.repeat(20) },
  ] as const;
  const requestStarted = performance.now();
  await api.sendConversation(conversation, { clusterId: 'demo' });
  const firstRequestMs = performance.now() - requestStarted;

  const gc = collectGarbage();
  for (let warmUp = 0; warmUp < 100; warmUp++) {
    await api.sendConversation(conversation, { clusterId: 'demo' });
  }
  const heapBefore = settledHeap(gc);
  for (let index = 0; index < REQUESTS; index++) {
    await api.sendConversation(conversation, { clusterId: 'demo' });
  }
  const heapAfter = settledHeap(gc);
  const figures: HostFigures = {
    activeAtStart,
    activateMs: testing.activationMs,
    loadAndActivateMs,
    firstCommandMs,
    firstRequestMs,
    requests: REQUESTS,
    heapGrowthMb: (heapAfter - heapBefore) / (1024 * 1024),
  };
  fs.writeFileSync(out, JSON.stringify(figures));
}
