import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeRunDirs } from '../vscode/codeServer';
import { runInDevelopmentHost } from '../vscode/developmentHost';
import { hostByName } from '../vscode/hosts';
import { installHost } from '../vscode/installCodeServer';
import { repoRoot } from '../vscode/paths';
import { type Figure, percentile } from './figures';
import type { InstructionFigures } from './instructionsProbe';
import { Workbench } from '../workbench/workbench';
import { waitFor } from '../workbench/wait';
import { conversationPath, savedConversation } from './benchConversation';
import { MARKS } from './webviewProbe';
import { findVscodeRipgrep, listFiles } from '../../src/mentions/node/vscodeRipgrep';
import { mentionOptions } from '../../src/mentions/common/mentionOptions';

const FILES = 5000;
const PACKAGES = 100;

/**
 * A workspace of 5,000 files with 200 instruction files: an AGENTS.md in each of 100 packages (and
 * the root), 90 `.github/instructions` files with an `applyTo` each, and 9 Continue rules with globs.
 */
function writeWorkspace(folder: string): number {
  const write = (relative: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true });
    fs.writeFileSync(path.join(folder, relative), text);
  };
  const instructions: Array<[string, string]> = [['AGENTS.md', 'Root rules: run npm test before a commit.\n']];
  for (let pkg = 0; pkg < PACKAGES; pkg++) {
    instructions.push([`src/pkg${pkg}/AGENTS.md`, `Package ${pkg}: keep its public API stable.\n`]);
  }
  for (let rule = 0; rule < 90; rule++) {
    instructions.push([`.github/instructions/rule${rule}.instructions.md`, `---\napplyTo: "src/pkg${rule}/**/*.ts"\n---\nRule ${rule}.\n`]);
  }
  for (let rule = 0; rule < 9; rule++) {
    instructions.push([`.continue/rules/rule${rule}.md`, `---\nglobs: "src/pkg${rule * 10}/**"\n---\nContinue rule ${rule}.\n`]);
  }
  for (const [relative, text] of instructions) {
    write(relative, text);
  }
  for (let file = 0; file < FILES - instructions.length; file++) {
    write(`src/pkg${file % PACKAGES}/sub/file${Math.floor(file / PACKAGES)}.ts`, `export const value${file} = ${file};\n`);
  }
  return instructions.length;
}

/**
 * Resolving the instruction files of one send in the real extension host (production bundle,
 * latest VS Code): which of 200 cached instruction files apply to a file, with the ignore checks,
 * as the chat does before each send.
 */
export async function measureInstructions(log: (line: string) => void): Promise<Figure[]> {
  const install = installHost(hostByName('latest'));
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-bench-'));
  const folder = path.join(base, 'workspace');
  const instructionFiles = writeWorkspace(folder);
  const out = path.join(base, 'instruction-figures.json');
  const code = await runInDevelopmentHost({
    install,
    dirs: makeRunDirs(base),
    folder,
    env: { CLUSTER_CHAT_BENCH_OUT: out, CLUSTER_CHAT_BENCH_INSTRUCTION_FILES: String(instructionFiles) },
    extensionPaths: [repoRoot],
    testsPath: path.join(repoRoot, 'out', 'scripts', 'bench', 'instructionsProbe.js'),
    timeoutMs: 5 * 60_000,
  });
  if (code !== 0 || !fs.existsSync(out)) {
    throw new Error(`the instruction files probe failed (${code}); logs in ${base}`);
  }
  const figures = JSON.parse(fs.readFileSync(out, 'utf8')) as InstructionFigures;
  fs.rmSync(base, { recursive: true, force: true });
  log(
    `  ${FILES} files, ${figures.instructionFiles} instruction files, ${figures.applied} apply to the file; ${figures.resolveMs.length} sends, slowest ${Math.max(...figures.resolveMs).toFixed(2)} ms`,
  );
  return [
    {
      area: 'Instructions',
      name: `resolving a send's instruction files, median (${figures.instructionFiles} among ${FILES} files, cached)`,
      value: percentile(figures.resolveMs, 50),
      unit: 'ms',
      budget: 5,
    },
    {
      area: 'Instructions',
      name: `resolving a send's instruction files, p95 (${figures.instructionFiles} among ${FILES} files, cached)`,
      value: percentile(figures.resolveMs, 95),
      unit: 'ms',
    },
  ];
}

/** Cold openings of each workspace, alternately; the figure is the ratio of the medians. */
const RENDER_ROUNDS = 5;
const MESSAGES = 40;
const CONVERSATION = 'bench-instructions-render';
/** Every one applies to every send, so each is in the line above the composer and in the meter's count. */
const INSTRUCTION_FILES = 20;

/** A workspace whose instruction files all apply to every send: the root `AGENTS.md`, Copilot's, Roo's and Continue's rules. */
function withInstructions(): Record<string, string> {
  const files: Record<string, string> = {
    'src/app.ts': 'export const app = 1;\n',
    'AGENTS.md': 'Run npm test before you answer.\n'.repeat(20),
    '.github/copilot-instructions.md': 'Prefer small functions.\n'.repeat(20),
  };
  for (let rule = 0; rule < (INSTRUCTION_FILES - 2) / 2; rule++) {
    files[`.roo/rules/rule${rule}.md`] = `Roo rule ${rule}: name things plainly.\n`.repeat(10);
    files[`.continue/rules/rule${rule}.md`] = `---\nalwaysApply: true\n---\nContinue rule ${rule}: no abbreviations.\n`;
  }
  return files;
}

interface Opening {
  /** From the webview's start to its first render of the conversation. */
  readonly firstRender: number;
  readonly instructionFiles: number;
}

/** Opens a fresh workbench on `files`, opens the chat view on a saved conversation, and reads its first render. */
async function coldOpening(files: Record<string, string>, expectedFiles: number): Promise<Opening> {
  const workbench = await Workbench.open({
    userData: { [conversationPath(CONVERSATION)]: savedConversation(CONVERSATION, MESSAGES) },
    files,
  });
  try {
    await workbench.runCommand('Cluster Chat: Focus on Cluster Chat View');
    const chat = workbench.chatView();
    const rendered = await waitFor(
      'the chat to render the saved conversation',
      () =>
        chat.locator('body').evaluate((_body, name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null, MARKS.firstRender),
      (at) => at !== null,
      { timeoutMs: 60_000 },
    );
    const firstRender = rendered ?? Number.NaN;
    // The files must really be there: a line that never filled would make the comparison meaningless.
    const instructionFiles = await waitFor(
      `the instruction line to list ${expectedFiles} files`,
      () => chat.locator('.chat-instructions li.instruction[data-state="on"]').count(),
      (count) => count === expectedFiles,
      { timeoutMs: 60_000 },
    );
    return { firstRender, instructionFiles };
  } finally {
    await workbench.close();
  }
}

/**
 * The chat's first render when the view opens cold, in a workspace with 20 instruction files that
 * apply against one with none (real workbench, packaged .vsix, latest VS Code): the line above the
 * composer, the host's resolving of the files and the meter's count must not slow the first paint.
 * Each workspace is opened RENDER_ROUNDS times, alternately, and held to a ratio of the medians.
 */
export async function measureInstructionsRender(log: (line: string) => void): Promise<Figure[]> {
  const without: number[] = [];
  const withFiles: number[] = [];
  for (let round = 0; round < RENDER_ROUNDS; round++) {
    without.push((await coldOpening({ 'src/app.ts': 'export const app = 1;\n' }, 0)).firstRender);
    withFiles.push((await coldOpening(withInstructions(), INSTRUCTION_FILES)).firstRender);
  }
  const median = (values: readonly number[]): number => percentile(values, 50);
  log(
    `  first render from the webview's start, ${RENDER_ROUNDS} cold openings each: without instruction files ${without.map(Math.round).join('/')} ms, ` +
      `with ${INSTRUCTION_FILES} ${withFiles.map(Math.round).join('/')} ms`,
  );
  return [
    { area: 'Instructions', name: 'chat first render, no instruction files', value: median(without), unit: 'ms' },
    {
      area: 'Instructions',
      name: `chat first render, ${INSTRUCTION_FILES} instruction files that apply`,
      value: median(withFiles),
      unit: 'ms',
    },
    {
      area: 'Instructions',
      name: `chat first render with ${INSTRUCTION_FILES} instruction files vs none`,
      value: median(withFiles) / median(without),
      unit: '×',
      budget: 1.1,
    },
  ];
}

const MENTION_FILES = 50_000;

/**
 * `@` in a workspace of 50,000 files, in process with the extension's own code: VS Code's ripgrep
 * lists the folder (in the background, when the chat opens), then the first suggestions after the
 * `@` and each later keystroke are matched against that list, as `ChatMentions` answers them.
 */
export function measureMentions(log: (line: string) => void): Promise<Figure[]> {
  const install = installHost(hostByName('latest'));
  const ripgrep = findVscodeRipgrep(path.join(path.dirname(install.entry), '..', '..', 'lib', 'vscode'));
  if (ripgrep === undefined) {
    throw new Error(`VS Code's ripgrep is missing in ${install.entry}`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-mentions-'));
  for (let file = 0; file < MENTION_FILES; file++) {
    const dir = path.join(folder, `packages/pkg${file % 200}/src/module${file % 37}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `file${file}.ts`), '');
  }
  const describe = (source: string): string => source;
  return (async () => {
    try {
      const listMs: number[] = [];
      const firstMs: number[] = [];
      const keyMs: number[] = [];
      for (let run = 0; run < 5; run++) {
        const listing = performance.now();
        // A new array each run, as each new list is: nothing derived from an earlier one is reused.
        const names = [...(await listFiles(ripgrep, folder, [], 100_000))];
        listMs.push(performance.now() - listing);
        const first = performance.now();
        mentionOptions('', names, describe);
        firstMs.push(performance.now() - first);
        for (const typed of ['f', 'fi', 'fil', 'file1', 'file12', 'file123', 'pkg1mod']) {
          const key = performance.now();
          mentionOptions(typed, names, describe);
          keyMs.push(performance.now() - key);
        }
        log(`  run ${run + 1}: ${names.length} files listed in ${listMs.at(-1)?.toFixed(0) ?? '?'} ms`);
      }
      return [
        {
          area: 'Mentions',
          name: `listing ${MENTION_FILES} files with VS Code's ripgrep (background), median`,
          value: percentile(listMs, 50),
          unit: 'ms',
        },
        {
          area: 'Mentions',
          name: `@ first suggestions after the keystroke, ${MENTION_FILES} files, median`,
          value: percentile(firstMs, 50),
          unit: 'ms',
          budget: 150,
        },
        {
          area: 'Mentions',
          name: `@ suggestions per later keystroke, ${MENTION_FILES} files, p99`,
          value: percentile(keyMs, 99),
          unit: 'ms',
          budget: 150,
        },
      ];
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  })();
}
