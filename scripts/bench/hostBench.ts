import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator } from '../emulator/server';
import { makeRunDirs } from '../vscode/codeServer';
import { runInDevelopmentHost } from '../vscode/developmentHost';
import { hostByName } from '../vscode/hosts';
import { installHost } from '../vscode/installCodeServer';
import { repoRoot } from '../vscode/paths';
import { type Figure, percentile } from './figures';
import type { HostFigures } from './hostProbe';

const RUNS = 3;

/** One fresh VS Code window whose extension host runs hostProbe; its figures. */
async function probeOnce(run: number): Promise<HostFigures> {
  const host = hostByName('latest');
  const install = installHost(host);
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-bench-'));
  const dirs = makeRunDirs(base);
  const folder = path.join(base, 'workspace');
  fs.mkdirSync(folder, { recursive: true });
  const out = path.join(base, 'host-figures.json');
  const emulator = await startEmulator({ apiKey: `bench-host-key-${run}` });
  try {
    const code = await runInDevelopmentHost({
      install,
      dirs,
      folder,
      env: {
        CLUSTER_CHAT_BENCH_OUT: out,
        CLUSTER_CHAT_TEST_EMULATOR_URL: emulator.baseUrl,
        CLUSTER_CHAT_TEST_EMULATOR_KEY: emulator.apiKey,
      },
      extensionPaths: [repoRoot],
      testsPath: path.join(repoRoot, 'out', 'scripts', 'bench', 'hostProbe.js'),
      timeoutMs: 5 * 60_000,
    });
    if (code !== 0 || !fs.existsSync(out)) {
      throw new Error(`the extension host probe failed (${code}); logs in ${base}`);
    }
    const figures = JSON.parse(fs.readFileSync(out, 'utf8')) as HostFigures;
    fs.rmSync(base, { recursive: true, force: true });
    return figures;
  } finally {
    await emulator.close();
  }
}

/**
 * Start-up and memory, measured by hostProbe inside the extension host of the latest VS Code
 * (production bundle), in three fresh windows; the median of each figure is reported.
 */
export async function measureInExtensionHost(log: (line: string) => void): Promise<Figure[]> {
  const host = hostByName('latest');
  const runs: HostFigures[] = [];
  for (let run = 0; run < RUNS; run++) {
    runs.push(await probeOnce(run));
  }
  log(`  VS Code ${host.vscode} (code-server ${host.codeServer}), production bundle; median of ${RUNS} fresh windows`);
  const median = (pick: (figures: HostFigures) => number): number => percentile(runs.map(pick), 50);
  const requests = runs[0]?.requests ?? 0;
  return [
    {
      area: 'Start-up',
      name: 'active when VS Code has started',
      value: runs.some((figures) => figures.activeAtStart) ? 1 : 0,
      unit: 'yes/no',
      budget: 0,
    },
    { area: 'Start-up', name: 'activate()', value: median((figures) => figures.activateMs), unit: 'ms', budget: 10 },
    {
      area: 'Start-up',
      name: 'extension.activate() as another extension sees it (VS Code loads the bundle, then activate())',
      value: median((figures) => figures.loadAndActivateMs),
      unit: 'ms',
    },
    { area: 'Start-up', name: 'first command after activation (Show Log)', value: median((figures) => figures.firstCommandMs), unit: 'ms' },
    {
      area: 'Start-up',
      name: 'first request (loads the HTTP client and schemas)',
      value: median((figures) => figures.firstRequestMs),
      unit: 'ms',
    },
    {
      area: 'Memory',
      name: `extension host heap growth after ${requests} requests`,
      value: median((figures) => figures.heapGrowthMb),
      unit: 'MB',
      budget: 5,
    },
  ];
}
