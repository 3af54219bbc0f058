import { FAULT_CLUSTERS, ORDINARY_CLUSTER_DESCRIPTION, UPSTREAM_CLUSTER_DESCRIPTION } from '../faults/faultClusters';
import { DEFAULT_CLUSTERS } from '../options';
import type { EmulatorOptions, RunningEmulator } from '../publicTypes';

/** What the CLI prints on start; the first line is what scripts parse ("listening on <base URL>"). */
export function bannerLines(emulator: RunningEmulator, options: EmulatorOptions): string[] {
  const ordinary = options.clusters ?? DEFAULT_CLUSTERS;
  const upstream = options.upstream;
  const ordinaryDescription =
    upstream === undefined ? ORDINARY_CLUSTER_DESCRIPTION : `${UPSTREAM_CLUSTER_DESCRIPTION} (model ${upstream.model})`;
  const rows: Array<[string, string]> = [
    ...ordinary.map((id): [string, string] => [id, ordinaryDescription]),
    ...FAULT_CLUSTERS.map((cluster): [string, string] => [cluster.id, cluster.description]),
  ];
  const width = Math.max(...rows.map(([id]) => id.length));
  return [
    `Cluster emulator listening on ${emulator.baseUrl}`,
    `API key: ${emulator.apiKey}`,
    `Clusters (POST ${emulator.baseUrl}/clusters?id=<id>):`,
    ...rows.map(([id, description]) => `  ${id.padEnd(width)}  ${description}`),
    `Emulator-only helpers, no key needed: GET ${emulator.baseUrl}/_emulator/stats, POST ${emulator.baseUrl}/_emulator/reset`,
    'Stop with Ctrl+C.',
  ];
}
