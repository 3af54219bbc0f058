import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mergeBlock } from '../../../src/fileEdits/common/mergeBlock';
import { makeRunDirs } from '../../vscode/codeServer';
import { runInDevelopmentHost } from '../../vscode/developmentHost';
import { hostByName } from '../../vscode/hosts';
import { installHost } from '../../vscode/installCodeServer';
import { repoRoot } from '../../vscode/paths';
import { type Figure, percentile } from '../figures';
import type { ReviewCase, ReviewFigures } from './reviewProbe';

export const FILES = 20;
/** 22 functions of 9 lines after a 2-line head and a blank line: 200 lines a file. */
const FUNCTIONS = 22;
const ROUNDS = 10;

/** One function of a module, as the workspace holds it (`old`) or as the reply changes it (`new`). */
function functionLines(file: number, index: number, variant: 'old' | 'new'): string[] {
  const factor = variant === 'old' ? index + 2 : index + 3;
  return [
    `/** Step ${index} of module ${file}: scales the value and clamps it to the limit. */`,
    `export function compute${file}x${index}(value: number, limit = ${100 + index}): number {`,
    `  const scaled = value * ${factor} + ${index};`,
    '  if (scaled > limit) {',
    '    return limit;',
    '  }',
    variant === 'old' ? '  return scaled;' : `  return Math.round(scaled / ${index + 1}) * ${index + 1};`,
    '}',
    '',
  ];
}

function moduleText(file: number, changed: ReadonlySet<number>): string {
  const lines = [`// Module ${file} of the review bench.`, `export const MODULE_${file} = 'module${file}';`, ''];
  for (let index = 0; index < FUNCTIONS; index++) {
    lines.push(...functionLines(file, index, changed.has(index) ? 'new' : 'old'));
  }
  return lines.join('\n');
}

/**
 * 20 files of ~200 lines and a reply that changes three functions in each, by one block a file:
 * whole-file blocks named in the info string or by a `// filepath:` first line, and partial blocks
 * (named either way) that show only the changed functions between `// ...existing code...` markers.
 * Every partial block is checked here to merge into exactly the expected text.
 */
export function reviewCase(): ReviewCase {
  const files: Array<ReviewCase['files'][number]> = [];
  const parts = [`Here are the changes to the ${FILES} modules: each rounds its steps.`, ''];
  for (let file = 0; file < FILES; file++) {
    const relative = `src/module${String(file).padStart(2, '0')}.ts`;
    const changed = new Set([(file + 3) % FUNCTIONS, (file + 11) % FUNCTIONS, (file + 18) % FUNCTIONS]);
    const original = moduleText(file, new Set());
    const expected = moduleText(file, changed);
    const partial = file % 4 >= 2;
    const named = file % 2 === 0 ? 'info' : 'firstLine';
    const code = partial
      ? [
          '// ...existing code...',
          ...[...changed]
            .sort((a, b) => a - b)
            .flatMap((index) => [...functionLines(file, index, 'new').slice(1, -1), '// ...existing code...']),
        ].join('\n')
      : expected.trimEnd();
    if (partial) {
      const merged = mergeBlock(original, code);
      if (merged.kind !== 'merged' || merged.text !== expected) {
        throw new Error(
          `the partial block for ${relative} does not merge into the expected text (${JSON.stringify(merged).slice(0, 200)})`,
        );
      }
    }
    parts.push(
      `${partial ? 'Change' : 'Replace'} ${relative}:`,
      '',
      named === 'info' ? `\`\`\`ts ${relative}` : '```ts',
      ...(named === 'firstLine' ? [`// filepath: ${relative}`] : []),
      code,
      '```',
      '',
    );
    files.push({ path: relative, original, expected });
  }
  return { markdown: parts.join('\n'), files, rounds: ROUNDS };
}

/** The last lines of a run's extension-host log, to say why a probe failed. */
function logTail(base: string): string {
  const file = path.join(base, 'extension-host.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '(no extension-host log)';
}

/**
 * The multi-file review in the real extension host (production bundle, latest VS Code), over a
 * workspace of 20 TypeScript files of ~200 lines: the host's share of what `measureReviewClicks`
 * times from the user's press, from `FileReviews.review` until VS Code's multi-file diff editor is
 * the active tab, and Accept All writing the 20 files. A new turn each round, the files restored first.
 */
export async function measureReviews(log: (line: string) => void): Promise<Figure[]> {
  const install = installHost(hostByName('latest'));
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-bench-'));
  const folder = path.join(base, 'workspace');
  const spec = reviewCase();
  for (const file of spec.files) {
    fs.mkdirSync(path.dirname(path.join(folder, file.path)), { recursive: true });
    fs.writeFileSync(path.join(folder, file.path), file.original);
  }
  // Desktop VS Code's default (the web's would save the accepted files on its own between rounds).
  fs.mkdirSync(path.join(folder, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(folder, '.vscode', 'settings.json'), '{ "files.autoSave": "off" }\n');
  const input = path.join(base, 'review-case.json');
  const out = path.join(base, 'review-figures.json');
  fs.writeFileSync(input, JSON.stringify(spec));
  const code = await runInDevelopmentHost({
    install,
    dirs: makeRunDirs(base),
    folder,
    env: { CLUSTER_CHAT_BENCH_OUT: out, CLUSTER_CHAT_BENCH_REVIEW_CASE: input },
    extensionPaths: [repoRoot],
    testsPath: path.join(repoRoot, 'out', 'scripts', 'bench', 'fileEdits', 'reviewProbe.js'),
    timeoutMs: 5 * 60_000,
  });
  if (code !== 0 || !fs.existsSync(out)) {
    throw new Error(`the review probe failed (${code}); logs in ${base}:\n${logTail(base)}`);
  }
  const figures = JSON.parse(fs.readFileSync(out, 'utf8')) as ReviewFigures;
  fs.rmSync(base, { recursive: true, force: true });
  const lines = spec.files.reduce((sum, file) => sum + file.original.split('\n').length - 1, 0);
  const list = (samples: readonly number[]): string => samples.map(Math.round).join('/');
  log(`  ${FILES} files, ${lines} lines, ${(spec.markdown.length / 1024).toFixed(0)} KB of reply; ${ROUNDS} rounds, each a new turn`);
  log(`  review() resolved: ${list(figures.resolvedMs)} ms; diff editor the active tab: ${list(figures.activeTabMs)} ms`);
  log(`  accept all: ${list(figures.acceptMs)} ms`);
  return [
    {
      area: 'File edits',
      name: `review of ${FILES} files opens in the host (from review() until it resolved and the multi-diff tab is active), median`,
      value: percentile(figures.openMs, 50),
      unit: 'ms',
    },
    { area: 'File edits', name: `review of ${FILES} files opens, p95`, value: percentile(figures.openMs, 95), unit: 'ms' },
    {
      area: 'File edits',
      name: `review of ${FILES} files: multi-diff tab active, median`,
      value: percentile(figures.activeTabMs, 50),
      unit: 'ms',
    },
    {
      area: 'File edits',
      name: `applying ${FILES} accepted files in the host (acceptAll()), median`,
      value: percentile(figures.acceptMs, 50),
      unit: 'ms',
    },
    { area: 'File edits', name: `applying ${FILES} accepted files, p95`, value: percentile(figures.acceptMs, 95), unit: 'ms' },
  ];
}
