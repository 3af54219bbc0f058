/** The instruction files of a real project, as the UI tests of instruction files lay them out on disk. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor } from '../../../scripts/workbench/wait';
import type { Workbench } from '../../../scripts/workbench/workbench';

export const SYSTEM_PROMPT = 'You review this project for its team.';

/** Every file of the workspace folder, by relative path; each instruction's text is its own. */
export const PROJECT_FILES: Readonly<Record<string, string>> = {
  'AGENTS.md': 'Root agents: run npm test before you answer.\n',
  'web/AGENTS.md': 'Web agents: components are function components.\n',
  'web/src/app.ts': 'export const app = 1;\n',
  'docs/AGENTS.md': 'Docs agents: write in the present tense.\n',
  'notes/AGENTS.md': 'Notes agents: keep each note short.\n',
  '.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nTypeScript: no any.\n',
  '.github/instructions/py.instructions.md': '---\napplyTo: "**/*.py"\n---\nPython: type hints.\n',
  '.continue/rules/style.md': '---\nalwaysApply: true\n---\nContinue style: short functions.\n',
};

/** The words of each workspace file that no prompt of the extension holds: found in a request, that file was read. */
export const FILE_MARKERS: readonly string[] = [
  'Root agents',
  'Web agents',
  'export const app',
  'Docs agents',
  'Notes agents',
  'TypeScript: no any',
  'Python: type hints',
  'Continue style',
  'applyTo',
  'alwaysApply',
];

/**
 * Rewrites a workspace file on disk (as a `git pull` does) while it is open in an editor, and waits
 * until the editor shows `visible`: VS Code has then seen the change, the same file event that
 * reaches the extension's watcher.
 */
export async function changeOnDisk(workbench: Workbench, relative: string, text: string, visible: string): Promise<void> {
  fs.writeFileSync(path.join(workbench.folder, relative), text);
  await waitFor(
    `the editor of ${relative} to show the text written on disk`,
    () => workbench.editorText(path.basename(relative)),
    (shown) => shown.includes(visible),
  );
}
