import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor } from '../../../scripts/workbench/wait';
import { bodiesWith, turnEnded } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';

const PROBLEM_MARKER = 'UI_PROBLEM_4b1e';
const STAGED_MARKER = 'UI_STAGED_70d2';
const UNSTAGED_MARKER = 'UI_UNSTAGED_18fa';
const NEEDLE = 'UI_NEEDLE_9c3a';
// VS Code hands a command's output only from when the extension host hears of its start, which
// can be after a command as quick as `ls` printed: the pause makes the output the command's own.
const FAILING_COMMAND = 'sleep 0.5; ls no-such-file-ui-3d7c';

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'ignore' });
}

/** A real repository: one commit, then a change to src/staged.ts staged, one more to it not staged, and a 2 MB log not tracked. */
function makeRepository(folder: string): void {
  git(folder, 'init', '-q', '-b', 'main');
  git(folder, 'config', 'user.email', 'ui-test@example.com');
  git(folder, 'config', 'user.name', 'UI Test');
  git(folder, 'add', '.');
  git(folder, 'commit', '-q', '-m', 'Add the helpers of the mention test');
  fs.appendFileSync(path.join(folder, 'src', 'staged.ts'), `export const staged = '${STAGED_MARKER}';\n`);
  git(folder, 'add', 'src/staged.ts');
  fs.appendFileSync(path.join(folder, 'src', 'staged.ts'), `// ${UNSTAGED_MARKER}\n`);
  // Untracked, so the commit stays small and the request under the size limit with the cut file in it.
  fs.mkdirSync(path.join(folder, 'logs'));
  fs.writeFileSync(path.join(folder, 'logs', 'huge.log'), `${'x'.repeat(99)}\n`.repeat(20_000));
}

describe('Every kind of @ mention in a real workspace: a git repository, a TypeScript error, a failed command', function () {
  this.timeout(300_000);
  const ui = useWorkbench({
    screenshots: 'mentions-every-kind',
    emulator: { apiKey: 'mentions-every-kind-key-c410' },
    files: {
      'tsconfig.json': '{ "compilerOptions": { "strict": true }, "include": ["src"] }\n',
      'src/util.ts': 'export function helperSum(a: number, b: number): number {\n  return a + b;\n}\n',
      'src/broken.ts': `export const count: number = '${PROBLEM_MARKER}';\n`,
      'src/staged.ts': 'export const first = 1;\n',
      'notes/todo.md': `- find ${NEEDLE} here\n`,
    },
    prepareFolder: makeRepository,
    clusters: [{ id: 'demo', label: 'Demo' }],
    settings: { 'git.openRepositoryInParentFolders': 'always' },
    apiKey: true,
    cluster: 'Demo',
  });

  it('attaches problems (the workspace’s and a file’s), terminal, both diffs, a folder, a symbol, a commit, a search and a 2 MB file cut at the cap, sends each block, and regenerate resends the bytes', async () => {
    const { workbench, emulator } = ui;
    const { page } = workbench;
    await workbench.openFile('src/broken.ts');
    await waitFor(
      'the status bar to count the TypeScript error of broken.ts',
      async () => (await page.locator('.statusbar-item[id="status.problems"]').first().innerText()).replace(/\s+/g, ' '),
      (problems) => /^1\b/.test(problems.trim()),
      { timeoutMs: 90_000 },
    );

    await workbench.runCommand('Terminal: Create New Terminal');
    // Shell integration marks each prompt with a command decoration: the command typed after it is seen.
    await page.locator('.terminal .terminal-command-decoration').first().waitFor({ timeout: 30_000 });
    await page.keyboard.type(FAILING_COMMAND);
    await page.keyboard.press('Enter');
    await page.locator('.terminal .terminal-command-decoration.error').first().waitFor({ timeout: 30_000 });

    await startNewChat(workbench);
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    const chips = chat.locator('.chat-input-box .chat-attachments .attachment-label');
    await input.focus();
    await page.keyboard.type('What do these say? (every kind)');

    /** Types `@typed`, clicks the option whose name matches `option`, and waits for one more chip. */
    const mention = async (typed: string, option: RegExp, timeoutMs = 30_000): Promise<string> => {
      const before = await chips.count();
      await page.keyboard.type(` @${typed}`);
      const offered = chat
        .locator('#chat-mention-suggestions [role="option"]')
        .filter({ has: chat.locator('.prompt-suggestion-name', { hasText: option }) });
      await offered.first().waitFor({ timeout: timeoutMs });
      await offered.first().click();
      const labels = await waitFor(
        `a chip for @${typed}`,
        () => chips.allInnerTexts(),
        (shown) => shown.length === before + 1,
        { timeoutMs },
      );
      return labels.at(-1) ?? '';
    };

    assert.match(await mention('problems', /^@problems$/), /^problems in the workspace \(1\)$/);
    assert.equal(await mention('problems:', /^@problems:src\/broken\.ts$/), 'problems in src/broken.ts (1)');
    assert.equal(await mention('terminal', /^@terminal$/), `terminal: \`${FAILING_COMMAND}\`, exit 2`);
    assert.equal(await mention('staged', /^@staged$/), 'git diff --staged');
    assert.equal(await mention('changes', /^@changes$/), 'git diff');
    assert.match(await mention('note', /^@notes\/$/), /^folder notes\/ \(1 files\)$/);
    assert.equal(await mention('symbol:helperSum', /^@symbol:helperSum/, 90_000), 'src/util.ts:1-3');
    assert.match(await mention('commit:', /^@commit:[0-9a-f]+$/), /^commit [0-9a-f]{12}$/);
    assert.match(await mention(`search:${NEEDLE}`, new RegExp(`^@search:${NEEDLE}$`)), /^search: "UI_NEEDLE_9c3a" \(1 lines in 1 files\)$/);
    assert.equal(await mention('huge', /^@huge\.log$/), 'logs/huge.log');
    await workbench.screenshot('mentions-every-kind-chips');

    await page.keyboard.press('Enter');
    await turnEnded(workbench, 1);
    const [sent] = bodiesWith(emulator.received(), '(every kind)');
    const user = sent?.messages.at(-1)?.content ?? '';
    for (const expected of [
      /problems in the workspace \(1\):\n\n```text\n[^`]*src\/broken\.ts:1:\d+ error[^`]*not assignable[^`]*\n```/,
      /problems in src\/broken\.ts \(1\):\n\n```text\nsrc\/broken\.ts:1:\d+ error: [^`\n]*not assignable[^`\n]*\n```/,
      /logs\/huge\.log:\n\n```[a-z]*\n(x{99}\n){1000}\n\[cut at 100000 characters of 2000000\]\n```/,
      new RegExp(`terminal: \`${FAILING_COMMAND}\`, exit 2:\\n\\n\`\`\`text\\n\\$ ${FAILING_COMMAND}\\n[^\`]*no-such-file-ui-3d7c`),
      new RegExp(`git diff --staged:\\n\\n\`\`\`diff\\n[^\`]*\\+export const staged = '${STAGED_MARKER}';\\n\`\`\``),
      new RegExp(`git diff:\\n\\n\`\`\`diff\\n[^\`]*\\+// ${UNSTAGED_MARKER}\\n\`\`\``),
      new RegExp(`folder notes/ \\(1 files\\):\\n\\n\`{3,}markdown\\nnotes/todo\\.md:\\n\\n\`\`\`md\\n- find ${NEEDLE} here\\n`),
      /src\/util\.ts:1-3:\n\n```typescript\nexport function helperSum\(a: number, b: number\): number \{\n {2}return a \+ b;\n\}\n```/,
      /commit [0-9a-f]{12}:\n\n```diff\ncommit [0-9a-f]{40}\n[^`]*Add the helpers of the mention test/,
      new RegExp(`search: "${NEEDLE}" \\(1 lines in 1 files\\):\\n\\n\`\`\`text\\nnotes/todo\\.md:1: - find ${NEEDLE} here\\n\`\`\``),
    ]) {
      assert.match(user, expected);
    }

    await chat.locator('li.chat-message[data-index="1"] button.message-regenerate').click();
    const bodies = await waitFor(
      'the regenerated turn to reach the emulator',
      () => Promise.resolve(bodiesWith(emulator.received(), '(every kind)').map((body) => body.raw)),
      (raw) => raw.length === 2,
    );
    assert.equal(bodies[1], bodies[0], 'regenerate resends the very same bytes');
  });
});
