/**
 * Runs inside the real extension host (as the tests entry of a development workbench) over the
 * workspace `reviewBench.ts` wrote: opens the review of a reply that changes its 20 files and
 * accepts it, round after round, each time restoring the files first. Fails when the review does
 * not hold every file or an accepted file is not exactly the expected text. Writes the samples to
 * CLUSTER_CHAT_BENCH_OUT.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { TEST_HOOKS_COMMAND, type TestHooks } from '../../../src/api/vscode/testHooks';

/** The workspace's files, the reply that changes them, and what each must hold once accepted. */
export interface ReviewCase {
  readonly markdown: string;
  readonly files: readonly { readonly path: string; readonly original: string; readonly expected: string }[];
  readonly rounds: number;
}

export interface ReviewFigures {
  /** From calling `review()` until it resolved. */
  readonly resolvedMs: readonly number[];
  /** From calling `review()` until the multi-file diff editor was the active tab. */
  readonly activeTabMs: readonly number[];
  /** The later of the two: when the review is open. */
  readonly openMs: readonly number[];
  /** `acceptAll()`. */
  readonly acceptMs: readonly number[];
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function activeLabel(): string | undefined {
  return vscode.window.tabGroups.activeTabGroup.activeTab?.label;
}

/** Resolves with the time at which the active tab's label is `title`, as soon as VS Code reports it. */
function activeTabTitled(title: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (activeLabel()?.startsWith(title) === true) {
        const at = performance.now();
        stop();
        resolve(at);
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no tab “${title}” became active within ${timeoutMs} ms (active: “${activeLabel() ?? 'none'}”)`));
    }, timeoutMs);
    const poll = setInterval(check, 5);
    const listeners = [vscode.window.tabGroups.onDidChangeTabs(check), vscode.window.tabGroups.onDidChangeTabGroups(check)];
    const stop = (): void => {
      clearTimeout(timer);
      clearInterval(poll);
      for (const listener of listeners) {
        listener.dispose();
      }
    };
    check();
  });
}

/** The text of a workspace file as the editor holds it. */
async function textOf(uri: vscode.Uri): Promise<string> {
  return (await vscode.workspace.openTextDocument(uri)).getText();
}

/** Fails on the first file whose text is not the one given. */
async function expectTexts(
  files: readonly { readonly uri: vscode.Uri; readonly path: string; readonly text: string }[],
  when: string,
): Promise<void> {
  for (const file of files) {
    const now = await textOf(file.uri);
    if (now !== file.text) {
      const line = now.split('\n').findIndex((text, index) => text !== file.text.split('\n')[index]);
      throw new Error(`${when}, ${file.path} differs from the expected text from line ${line + 1}`);
    }
  }
}

export async function run(): Promise<void> {
  const out = process.env['CLUSTER_CHAT_BENCH_OUT'];
  const input = process.env['CLUSTER_CHAT_BENCH_REVIEW_CASE'];
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!out || !input || !folder) {
    throw new Error('CLUSTER_CHAT_BENCH_OUT, CLUSTER_CHAT_BENCH_REVIEW_CASE and a workspace folder must be set');
  }
  const spec = JSON.parse(fs.readFileSync(input, 'utf8')) as ReviewCase;
  await vscode.extensions.getExtension('clusterchat.cluster-chat')?.activate();
  const testing = await vscode.commands.executeCommand<TestHooks | undefined>(TEST_HOOKS_COMMAND);
  const reviews = testing?.replyActions.files;
  if (!reviews) {
    throw new Error('the extension must run in test mode, with the multi-file review');
  }
  const files = spec.files.map((file) => ({ ...file, uri: vscode.Uri.joinPath(folder.uri, file.path) }));
  const originals = files.map((file) => ({ uri: file.uri, path: file.path, text: file.original }));
  const expected = files.map((file) => ({ uri: file.uri, path: file.path, text: file.expected }));
  // The review's title; a tab's label may add the count of files.
  const title = 'Cluster Chat: proposed changes';
  const conversationId = `bench-review-${Date.now()}`;
  const figures = { resolvedMs: [] as number[], activeTabMs: [] as number[], openMs: [] as number[], acceptMs: [] as number[] };
  await expectTexts(originals, 'before the first round');
  for (let round = 0; round < spec.rounds; round++) {
    const turn = { conversationId, turn: `round-${round}` };
    if (activeLabel()?.startsWith(title) === true) {
      throw new Error(`round ${round + 1}: the review of the round before is still the active tab`);
    }
    const started = performance.now();
    const tabActive = activeTabTitled(title, 30_000);
    const opened = await reviews.review(turn, spec.markdown);
    const resolved = performance.now();
    if (!opened) {
      throw new Error(`round ${round + 1}: review() found no file to review`);
    }
    const active = await tabActive;
    figures.resolvedMs.push(resolved - started);
    figures.activeTabMs.push(active - started);
    figures.openMs.push(Math.max(resolved, active) - started);

    const accepting = performance.now();
    const written = await reviews.acceptAll();
    figures.acceptMs.push(performance.now() - accepting);
    if (!written) {
      throw new Error(`round ${round + 1}: acceptAll() wrote nothing`);
    }
    await expectTexts(expected, `round ${round + 1}, after Accept All`);
    console.log(
      `review round ${round + 1}: open ${figures.openMs.at(-1)?.toFixed(1) ?? '?'} ms, accept ${figures.acceptMs.at(-1)?.toFixed(1) ?? '?'} ms`,
    );

    // Back to the files as they were, saved, and no editor or notification left for the next round.
    if (!(await reviews.undo(turn))) {
      throw new Error(`round ${round + 1}: undoing the turn restored nothing`);
    }
    await expectTexts(originals, `round ${round + 1}, after undoing the turn`);
    await vscode.workspace.saveAll(false);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    // What Accept All starts in the background (the report after the write waits for diagnostics) ends first.
    await pause(3500);
  }
  fs.writeFileSync(out, JSON.stringify(figures satisfies ReviewFigures));
}
