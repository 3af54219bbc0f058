/**
 * `npm run bench`: size, start-up, request overhead, rendering and memory in one run, each figure
 * with its budget. Prints a table and writes test-results/bench/results.json. Exits 1 when a
 * figure is over budget (the table says which), 2 when a measurement could not be made.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot, resultsRoot } from '../vscode/paths';
import { type Figure, figuresTable, holds } from './figures';
import { measureHeavyReplies } from './heavyReplyBench';
import { measureHistory } from './historyBench';
import { measureInExtensionHost } from './hostBench';
import { measureInstructions } from './instructions/instructionsBench';
import { measureInstructionsRender } from './instructions/instructionsRenderBench';
import { measureComposerLatency } from './mentions/composerLatency';
import { measureFileSuggestions } from './mentions/fileSuggestions';
import { measureSendExpansion } from './mentions/sendExpansion';
import { measureRendering } from './renderBench';
import { measureRequestOverhead } from './requestOverhead';
import { measureReviews } from './fileEdits/reviewBench';
import { measureReviewClicks } from './fileEdits/reviewClickBench';

function sizes(): Figure[] {
  const kb = (file: string): number => fs.statSync(path.join(repoRoot, file)).size / 1024;
  return [
    { area: 'Size', name: '.vsix', value: kb('cluster-chat.vsix'), unit: 'KB', budget: 350 },
    { area: 'Size', name: 'dist/extension.js (minified)', value: kb('dist/extension.js'), unit: 'KB' },
    { area: 'Size', name: 'dist/webview.js (minified)', value: kb('dist/webview.js'), unit: 'KB' },
  ];
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${os.type()} ${os.release()}, Node ${process.versions.node}`;
}

async function main(): Promise<void> {
  const log = (line: string): void => console.log(line);
  const figures: Figure[] = [];
  const steps: Array<[string, () => Promise<Figure[]> | Figure[]]> = [
    ['Size', sizes],
    ['Request overhead (emulator on loopback, in process)', () => measureRequestOverhead(log)],
    ['Start-up and memory (real extension host)', () => measureInExtensionHost(log)],
    ['Rendering (real chat webview in Chromium)', () => measureRendering(log)],
    ['Heavy replies (chat bundle alone in Chromium, VS Code fonts)', () => measureHeavyReplies(log)],
    ['History at scale (search in process; chat open and turns in the real workbench)', () => measureHistory(log)],
    ['Instruction files (real extension host, 5,000 files)', () => measureInstructions(log)],
    ['Instructions and the first render (real workbench, cold openings)', () => measureInstructionsRender(log)],
    [
      "Mentions (VS Code's ripgrep over 50,000 files and the send in process; the composer in Chromium)",
      async () => [...(await measureFileSuggestions(log)), ...(await measureComposerLatency(log)), ...(await measureSendExpansion(log))],
    ],
    [
      'Multi-file review (real extension host and workbench, 20 files of 200 lines)',
      async () => [...(await measureReviews(log)), ...(await measureReviewClicks(log))],
    ],
  ];
  // `npm run bench -- --only request-overhead [--repeat N]` runs that step alone, N times in a row.
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const repeat = process.argv.includes('--repeat') ? Number(process.argv[process.argv.indexOf('--repeat') + 1]) : 1;
  const chosen =
    only === undefined
      ? steps
      : steps.filter(
          ([title]) =>
            title
              .toLowerCase()
              .replace(/ \(.*$/, '')
              .replace(/ /g, '-') === only,
        );
  if (chosen.length === 0) {
    throw new Error(`No step named “${only ?? ''}”.`);
  }
  for (let run = 1; run <= repeat; run++) {
    for (const [title, step] of chosen) {
      console.log(`▶ ${title}${repeat > 1 ? ` (run ${run} of ${repeat})` : ''}`);
      figures.push(...(await step()));
    }
  }
  const table = figuresTable(figures);
  const over = figures.filter((figure) => holds(figure) === false);
  console.log(`\nMachine: ${machine()}\n\n${table}\n`);
  console.log(
    over.length === 0 ? 'Every budget holds.' : `Over budget: ${over.map((figure) => `${figure.area} / ${figure.name}`).join('; ')}`,
  );
  const file = path.join(resultsRoot, 'bench', 'results.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), figures: figures.map((figure) => ({ ...figure, holds: holds(figure) ?? null })) }, null, 2)}\n`,
  );
  console.log(`Results: ${path.relative(repoRoot, file)}`);
  process.exitCode = over.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 2;
});
