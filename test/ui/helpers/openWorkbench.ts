import type { RunningEmulator } from '../../../scripts/emulator/server';
import { Workbench, type WorkbenchOptions } from '../../../scripts/workbench/workbench';

/** A cluster as the `clusterChat.clusters` setting lists it. */
export interface ClusterSetting {
  readonly id: string;
  readonly label?: string;
  readonly askBeforeSending?: boolean;
}

/** The workbench a test starts from: the driver's options, and the first steps a user takes in it. */
export interface WorkbenchSetUp extends WorkbenchOptions {
  /** The `clusterChat.clusters` setting. */
  readonly clusters?: readonly ClusterSetting[];
  /** Leaves `clusterChat.baseUrl` unset although there is an emulator: a profile that never sends. */
  readonly defaultBaseUrl?: boolean;
  /** A workspace file to open in an editor before the key is set. */
  readonly openFile?: string;
  /** Sets the emulator's key with “Cluster Chat: Set API Key”. */
  readonly apiKey?: boolean;
  /** The label of the cluster to select with “Select Cluster…”, once the key is set. */
  readonly cluster?: string;
}

/**
 * Opens a workbench whose settings send to `emulator` (if there is one), besides those of `setUp`.
 * Only opens it: the caller holds it before the first steps, so that it closes even when they fail.
 */
export function openWorkbench(setUp: WorkbenchSetUp, emulator: RunningEmulator | undefined): Promise<Workbench> {
  const { clusters, defaultBaseUrl, openFile: _openFile, apiKey: _apiKey, cluster: _cluster, settings, ...options } = setUp;
  return Workbench.open({
    ...options,
    settings: {
      ...(emulator && !defaultBaseUrl ? { 'clusterChat.baseUrl': emulator.baseUrl } : {}),
      ...(clusters ? { 'clusterChat.clusters': clusters } : {}),
      ...settings,
    },
  });
}

/** Takes the first steps `setUp` names, in a user's order: open the file, set the key, pick the cluster. */
export async function takeFirstSteps(workbench: Workbench, setUp: WorkbenchSetUp, emulator: RunningEmulator | undefined): Promise<void> {
  if (setUp.openFile !== undefined) {
    await workbench.openFile(setUp.openFile);
  }
  if (setUp.apiKey) {
    if (!emulator) {
      throw new Error('apiKey: true sets the emulator’s key, but this fixture was given no emulator options');
    }
    await workbench.runCommand('Cluster Chat: Set API Key');
    await workbench.answerInputBox(/API Key for http:\/\/127\.0\.0\.1/, emulator.apiKey);
  }
  if (setUp.cluster !== undefined) {
    await workbench.selectCluster(setUp.cluster);
  }
}
