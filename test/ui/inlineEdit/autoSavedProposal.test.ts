import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
import { runEditInPlace, useEditInPlaceWorkbench, waitForTheProposal } from '../helpers/editInPlace';
import { HALF_SOURCE as SOURCE } from '../../shared/demoEdit';

/**
 * VS Code for the Web saves after a delay by default, so a pending proposal's inserted lines reach the
 * disk before the user decides. A window that goes then must not leave the file holding both.
 */
describe('An Edit in Place pending when the window goes, with automatic saves (real workbench, emulator)', function () {
  this.timeout(180_000);
  const ui = useEditInPlaceWorkbench('edit-autosaved', 'src/half.ts', SOURCE, {
    'files.autoSave': 'afterDelay',
    'files.autoSaveDelay': 200,
  });

  it('writes the file back as it was when the window reloads with the proposal undecided', async () => {
    const { workbench } = ui;
    const onDisk = (): string => fs.readFileSync(path.join(workbench.folder, 'src', 'half.ts'), 'utf8');
    await runEditInPlace(workbench, 'half.ts', 2, 3);
    await waitForTheProposal(workbench.editorFor('half.ts'));
    const saved = await waitFor('the automatic save to write the proposal’s lines', onDisk, (text) => text !== SOURCE);
    assert.match(saved, /Reviewed by cluster demo/, 'the inserted lines reached the disk');
    assert.match(saved, /const result = value \/ 2; {3}\n/, 'beside the lines they would replace');

    await workbench.reload();
    await waitUntil('the file on disk as it was before the proposal', () => onDisk() === SOURCE);
    // Opened again rather than waited for: whether the workbench restores its editors after a page reload
    // depends on its state being stored before the page went.
    await workbench.openFile('src/half.ts');
    await waitFor(
      'the editor to show the file as it was',
      () => workbench.editorText('half.ts'),
      (text) => text === SOURCE,
    );
    await workbench.screenshot('edit-autosaved-after-reload');
  });

  it('writes the file back as it was when its editor closes with the proposal undecided', async () => {
    const { workbench } = ui;
    const onDisk = (): string => fs.readFileSync(path.join(workbench.folder, 'src', 'half.ts'), 'utf8');
    await workbench.openFile('src/half.ts');
    await runEditInPlace(workbench, 'half.ts', 2, 3);
    await waitForTheProposal(workbench.editorFor('half.ts'));
    await waitFor('the automatic save to write the proposal’s lines', onDisk, (text) => /Reviewed by cluster demo/.test(text));
    await workbench.runCommand('View: Close All Editors');
    await waitUntil('the file on disk as it was before the proposal', () => onDisk() === SOURCE, { timeoutMs: 60_000 });
  });
});
