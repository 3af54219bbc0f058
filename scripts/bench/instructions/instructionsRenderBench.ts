import { type Figure, percentile } from '../figures';
import { Workbench } from '../../workbench/workbench';
import { waitFor } from '../../workbench/wait';
import { conversationPath, savedConversation } from '../benchConversation';
import { MARKS } from '../webviewProbe';

/**
 * Cold openings of each workspace, in pairs one right after the other; the figure is the median of
 * the pairs' ratios. A cold opening takes 250–380 ms and moves with whatever else the machine does,
 * so pairs cancel that drift, and nine of them keep one slow opening from deciding the figure.
 */
const RENDER_ROUNDS = 9;
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
 * Each workspace is opened RENDER_ROUNDS times, alternately, and held to the median of the pairs' ratios.
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
      name: `chat first render with ${INSTRUCTION_FILES} instruction files vs none, median of ${RENDER_ROUNDS} paired cold openings`,
      value: median(withFiles.map((time, round) => time / (without[round] ?? Number.NaN))),
      unit: '×',
      budget: 1.1,
    },
  ];
}
