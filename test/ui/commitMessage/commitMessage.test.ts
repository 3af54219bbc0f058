import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor } from '../../../scripts/workbench/wait';
import { useWorkbench } from '../helpers/useWorkbench';

const ORIGINAL = 'export const add = (a: number, b: number) => a + b;\n';
const CHANGED = `${ORIGINAL}export const subtract = (a: number, b: number) => a - b;\n`;

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'ignore' });
}

/** A real repository: one commit, then a change to math.ts staged and a change to notes.md not staged. */
function makeRepository(folder: string): void {
  git(folder, 'init', '-q', '-b', 'main');
  git(folder, 'config', 'user.email', 'ui-test@example.com');
  git(folder, 'config', 'user.name', 'UI Test');
  git(folder, 'add', '.');
  git(folder, 'commit', '-q', '-m', 'Initial commit');
  fs.writeFileSync(path.join(folder, 'src', 'math.ts'), CHANGED);
  git(folder, 'add', 'src/math.ts');
  fs.appendFileSync(path.join(folder, 'notes.md'), '- not staged\n');
}

describe('Write Commit Message from the Source Control view', function () {
  this.timeout(180_000);
  const ui = useWorkbench({
    screenshots: 'commit-message',
    emulator: { apiKey: 'ui-commit-key-8e1f' },
    files: { 'src/math.ts': ORIGINAL, 'notes.md': '# Notes\n' },
    prepareFolder: makeRepository,
    clusters: [{ id: 'demo', label: 'Demo' }],
    settings: { 'git.openRepositoryInParentFolders': 'always' },
    apiKey: true,
    cluster: 'Demo',
  });

  it('the button in the repository title fills the commit message box from the staged changes only', async () => {
    // Ctrl+Shift+G, VS Code's key for the Source Control view (its palette title differs between versions).
    await ui.workbench.page.keyboard.press('Control+Shift+G');
    const scm = ui.workbench.page.locator('.part.sidebar');
    // The repository is open once its staged change is listed.
    await scm.locator('.monaco-list-row', { hasText: 'math.ts' }).first().waitFor({ timeout: 60_000 });
    const button = scm.locator('.action-label[aria-label*="Write Commit Message"]').first();
    await button.waitFor({ timeout: 30_000 });
    await button.click();
    // The commit message box is the one editor in the Source Control view (a Monaco editor:
    // its text is read as shown, with non-breaking spaces).
    const input = scm.locator('.monaco-editor .view-lines');
    const message = await waitFor(
      'the commit message box to hold the cluster’s message',
      async () => (await input.allInnerTexts()).join('\n').replace(/\u00a0/g, ' '),
      (text) => text.includes('Update math.ts'),
      { timeoutMs: 30_000 },
    );
    assert.match(message, /src\/math\.ts: \+1 −0 lines/);
    assert.doesNotMatch(message, /notes\.md/, 'only the staged change was sent');
    const received = ui.emulator.stats().clusters['demo']?.received;
    assert.equal(received, 1, 'one request');
    await ui.workbench.screenshot('commit-message');
  });
});
