import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeRunDirs } from '../../vscode/codeServer';
import { runInDevelopmentHost } from '../../vscode/developmentHost';
import { hostByName } from '../../vscode/hosts';
import { installHost } from '../../vscode/installCodeServer';
import { repoRoot } from '../../vscode/paths';
import { type Figure, percentile } from '../figures';
import type { InstructionFigures } from './instructionsProbe';

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
    testsPath: path.join(repoRoot, 'out', 'scripts', 'bench', 'instructions', 'instructionsProbe.js'),
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
