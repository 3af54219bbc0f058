import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { removeWorkspaceFiles } from '../helpers/removeWorkspaceFiles';
import { activateExtension, waitFor } from '../testEnvironment';

/** How long after `mkdir -p` the watchers are given to report the folders made. */
const REPORTED_WITHIN_MS = 5_000;

describe('Files in folders made together with the folder above them (mkdir -p, a real workspace folder)', function () {
  this.timeout(60_000);
  const folder = (): vscode.WorkspaceFolder => {
    const first = vscode.workspace.workspaceFolders?.[0];
    assert.ok(first, 'the test workspace has a folder');
    return first;
  };
  const inRoot = (relative: string): string => path.join(folder().uri.fsPath, relative);

  after(async () => {
    await removeWorkspaceFiles(['made', '.roo']);
  });

  it('hears a file made later in a folder made at once with its parent', async () => {
    const { testing } = await activateExtension();
    const heard: string[] = [];
    const watch = new testing.classes.FolderWatch(folder(), ['made/at/once'], (uri, deleted) =>
      heard.push(`${deleted ? '-' : '+'}${path.relative(folder().uri.fsPath, uri.fsPath)}`),
    );
    try {
      await fs.mkdir(inRoot('made/at/once'), { recursive: true });
      // The folder is reported once its own watcher listens; what comes after it must be heard.
      const own = `+${path.join('made', 'at', 'once')}`;
      await waitFor('the folder reported as watched on its own', () => heard.includes(own), REPORTED_WITHIN_MS).catch(() => {
        assert.fail(`the watcher reported only [${heard.join(', ')}]`);
      });
      await fs.writeFile(inRoot('made/at/once/later.md'), 'made later\n');
      await waitFor('the later file reported', () => heard.includes(`+${path.join('made', 'at', 'once', 'later.md')}`)).catch(() => {
        assert.fail(`the watcher reported only [${heard.join(', ')}]`);
      });
    } finally {
      watch.dispose();
    }
  });

  it('keeps an instruction file current in .roo/rules made with mkdir -p', async () => {
    const { testing } = await activateExtension();
    const relative = '.roo/rules/style.md';
    const textOf = async (): Promise<string | undefined> =>
      (await testing.instructionFiles.filesOf(folder())).find((file) => file.path === relative)?.text;
    await fs.mkdir(inRoot('.roo/rules'), { recursive: true });
    await fs.writeFile(inRoot(relative), 'First rule.\n');
    await waitFor('the file in the cache', async () => (await textOf()) === 'First rule.\n');
    await fs.writeFile(inRoot(relative), 'Second rule.\n');
    let last: string | undefined;
    await waitFor('the changed text in the cache', async () => {
      last = await textOf();
      return last === 'Second rule.\n';
    }).catch(() => {
      assert.fail(`the cache still holds ${JSON.stringify(last)}`);
    });
  });
});
