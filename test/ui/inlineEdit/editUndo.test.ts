import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
import { useWorkbench } from '../helpers/useWorkbench';
import { HALF_PROPOSED as PROPOSED, HALF_SOURCE as SOURCE } from '../../shared/demoEdit';

describe('Undo an Edit in Place after the file was saved and closed (real workbench, emulator)', function () {
  this.timeout(180_000);
  const ui = useWorkbench({
    screenshots: 'edit-undo',
    emulator: { apiKey: 'ui-edit-undo-key-5c21' },
    files: { 'src/half.ts': SOURCE },
    // As in desktop VS Code: with VS Code for the Web's auto-save the file would be saved meanwhile.
    settings: { 'files.autoSave': 'off' },
    clusters: [{ id: 'demo', label: 'Demo' }],
    openFile: 'src/half.ts',
    apiKey: true,
    cluster: 'Demo',
  });

  it('accepts an Edit in Place, saves and closes the file, then picks the edit from the palette to bring the file back', async () => {
    const { workbench } = ui;
    const editor = workbench.editorFor('half.ts');
    const onDisk = (): string => fs.readFileSync(path.join(workbench.folder, 'src', 'half.ts'), 'utf8');
    await workbench.selectLines('half.ts', 2, 3);
    await workbench.runCommand('Cluster Chat: Edit in Place…');
    await workbench.answerInputBox(/How should the cluster change/, 'Tidy this up');
    const accept = editor.locator('.codelens-decoration a', { hasText: /^\s*Accept\s*$/ });
    await waitFor(
      'the proposal with its Accept',
      () => accept.count(),
      (count) => count === 1,
    );
    await accept.click();
    await waitFor(
      'the proposal to be applied',
      () => workbench.editorText('half.ts'),
      (text) => text === PROPOSED,
    );
    await workbench.runCommand('File: Save');
    await waitUntil('the edit to be saved', () => onDisk() === PROPOSED);
    await workbench.runCommand('View: Close All Editors');

    await workbench.runCommand('Cluster Chat: Undo an Edit in Place or Fix…');
    await workbench.screenshot('edit-undo-pick');
    await workbench.pickQuickInputItem('Cluster Chat: Undo an Edit in Place or Fix', 'Edit in Place · half.ts');
    const restored = await workbench.notification(/restored 1 of 1 files/);
    assert.match(await restored.innerText(), /custom actions did on its side cannot be undone/);
    await workbench.runCommand('File: Save All Files');
    await waitUntil('the file to be saved as it was before the edit', () => onDisk() === SOURCE);
  });
});
