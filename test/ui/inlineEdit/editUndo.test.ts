import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
import { acceptTheProposal, runEditInPlace, useEditInPlaceWorkbench } from '../helpers/editInPlace';
import { HALF_PROPOSED as PROPOSED, HALF_SOURCE as SOURCE } from '../../shared/demoEdit';

describe('Undo an Edit in Place after the file was saved and closed (real workbench, emulator)', function () {
  this.timeout(180_000);
  const ui = useEditInPlaceWorkbench('edit-undo', 'src/half.ts', SOURCE);

  it('accepts an Edit in Place, saves and closes the file, then picks the edit from the palette to bring the file back', async () => {
    const { workbench } = ui;
    const editor = workbench.editorFor('half.ts');
    const onDisk = (): string => fs.readFileSync(path.join(workbench.folder, 'src', 'half.ts'), 'utf8');
    await runEditInPlace(workbench, 'half.ts', 2, 3);
    await acceptTheProposal(editor);
    await waitFor(
      'the proposal to be applied',
      () => workbench.editorText('half.ts'),
      (text) => text === PROPOSED,
    );
    await workbench.runCommand('File: Save');
    await waitUntil('the edit to be saved', () => onDisk() === PROPOSED);
    await workbench.runCommand('View: Close All Editors');

    await workbench.runCommand('Cluster Chat: Undo an Edit Outside the Chat…');
    await workbench.screenshot('edit-undo-pick');
    await workbench.pickQuickInputItem('Cluster Chat: Undo an Edit Outside the Chat', 'Edit in Place · half.ts');
    const restored = await workbench.notification(/restored 1 of 1 files/);
    assert.match(await restored.innerText(), /custom actions did on its side cannot be undone/);
    await workbench.runCommand('File: Save All Files');
    await waitUntil('the file to be saved as it was before the edit', () => onDisk() === SOURCE);
  });
});
