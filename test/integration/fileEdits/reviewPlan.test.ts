import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { planReview } from '../../../src/fileEdits/vscode/reviewPlan';
import { compareWithFile } from '../../../src/fileEdits/vscode/reviewPrompts';
import { WorkspaceIgnore } from '../../../src/guards/vscode/workspaceIgnore';
import { removeWorkspaceFiles } from '../helpers/removeWorkspaceFiles';
import { activateExtension, waitFor } from '../testEnvironment';

const TOPS = ['review-plan', '.clusterignore', '.vscode'];

function fence(info: string, ...lines: string[]): string {
  return ['```' + info, ...lines, '```', ''].join('\n');
}

describe('Which files a reply may change: paths judged, symlinks resolved, ignored files refused', function () {
  this.timeout(30_000);
  let root = '';
  let outside = '';
  const ignore = new WorkspaceIgnore();

  before(async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    root = folder.uri.fsPath;
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'review-outside-'));
    await fs.mkdir(path.join(root, 'review-plan', 'src'), { recursive: true });
    await fs.writeFile(path.join(root, 'review-plan', 'src', 'a.ts'), 'export const a = 1;\n');
    await fs.writeFile(
      path.join(root, 'review-plan', 'src', 'twice.ts'),
      'function one() {\n  return null;\n}\n\nfunction two() {\n  return null;\n}\n',
    );
    await fs.writeFile(
      path.join(root, 'review-plan', 'src', 'long.ts'),
      Array.from({ length: 30 }, (_, index) => `export const value${index} = ${index};\n`).join(''),
    );
    await fs.symlink(outside, path.join(root, 'review-plan', 'linked'));
    await fs.writeFile(path.join(root, '.clusterignore'), 'review-plan/secret/\n');
  });

  after(async () => {
    ignore.dispose();
    await fs.rm(outside, { recursive: true, force: true });
    await removeWorkspaceFiles(TOPS);
  });

  it('keeps inside and risky paths, and leaves out every other with its reason', async () => {
    const markdown = [
      fence('ts review-plan/src/a.ts', 'export const a = 2;'),
      fence('ts ../up.ts', 'up'),
      fence('ts /etc/passwd', 'root'),
      fence('ini .git/config', '[core]'),
      fence('ts review-plan/linked/new.ts', 'escaped'),
      fence('ts review-plan/secret/key.ts', 'secret'),
      fence('json .vscode/tasks.json', '{}'),
      fence('ts review-plan/src/new.ts', '// ...existing code...', 'added();'),
      fence('ts review-plan/src/twice.ts', '// ...existing code...', '  return null;', '}', '// ...existing code...'),
      fence('ts review-plan/src/brand-new.ts', 'export const fresh = true;'),
    ].join('\n');
    const plan = await planReview(markdown, ignore);
    assert.deepEqual(
      plan.files.map((file) => [file.label, file.original === undefined ? 'new' : 'existing', file.risk ?? '']),
      [
        ['review-plan/src/a.ts', 'existing', ''],
        ['.vscode/tasks.json', 'new', 'tasks'],
        ['review-plan/src/brand-new.ts', 'new', ''],
      ],
    );
    assert.equal(plan.files[0]?.proposed, 'export const a = 2;\n');
    const why = Object.fromEntries(plan.leftOut.map((block) => [block.path, block.why]));
    assert.match(why['../up.ts'] ?? '', /leads out of the workspace folder/);
    assert.match(why['/etc/passwd'] ?? '', /absolute/);
    assert.match(why['.git/config'] ?? '', /inside \.git/);
    assert.match(why['review-plan/linked/new.ts'] ?? '', /symbolic link/);
    assert.match(why['review-plan/secret/key.ts'] ?? '', /review-plan\/secret\//);
    assert.match(why['review-plan/src/new.ts'] ?? '', /does not exist/);
    assert.match(why['review-plan/src/twice.ts'] ?? '', /not certain/);
    assert.equal(plan.leftOut.length, 7);
    const comparable = plan.leftOut.filter((block) => block.file !== undefined);
    assert.deepEqual(
      comparable.map((block) => [block.path, vscode.workspace.asRelativePath(block.file ?? '')]),
      [['review-plan/src/twice.ts', 'review-plan/src/twice.ts']],
      'only a block whose place is in doubt can be compared with its file',
    );
    assert.equal(await fs.readdir(outside).then((names) => names.length), 0, 'nothing was written through the link');

    const { testing } = await activateExtension();
    const documents = testing.replyActions.files?.documents;
    const [doubtful] = comparable;
    assert.ok(documents && doubtful);
    await compareWithFile(doubtful, documents);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'the file and the block open side by side');
    const { original, modified } = tab.input;
    assert.equal(original.toString(), doubtful.file?.toString());
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(modified)), doubtful.code);
    await vscode.window.tabGroups.close(tab);
    await waitFor('the block to be let go once its tab closed', async () => {
      try {
        await vscode.workspace.fs.readFile(modified);
        return false;
      } catch (error) {
        return error instanceof vscode.FileSystemError && error.code === 'FileNotFound';
      }
    });
  });

  it('tells of a block without marks that would replace a 30-line file with 2 lines, and of no marked or whole one', async () => {
    const markdown = [
      fence('ts review-plan/src/long.ts', 'export const value3 = 33;', 'export const value4 = 44;'),
      fence('ts review-plan/src/twice.ts', '// ...existing code...', 'function two() {', '  return 2;', '}'),
      fence('ts review-plan/src/a.ts', 'export const a = 3;'),
    ].join('\n');
    const plan = await planReview(markdown, ignore);
    const shrinks = new Map(plan.files.map((file) => [file.label, file.shrink]));
    assert.deepEqual(shrinks.get('review-plan/src/long.ts'), { fileLines: 30, blockLines: 2 });
    assert.equal(shrinks.get('review-plan/src/twice.ts'), undefined, 'a marked block is merged, not a whole file');
    assert.equal(shrinks.get('review-plan/src/a.ts'), undefined, 'a short file is rewritten whole often');
    assert.equal(shrinks.size, 3);
    assert.equal(plan.files[0]?.proposed, 'export const value3 = 33;\nexport const value4 = 44;\n', 'it is told, not refused');
  });
});
