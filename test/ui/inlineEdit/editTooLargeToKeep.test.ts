import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor } from '../../../scripts/workbench/wait';
import { openDialog } from '../helpers/chatQuestions';
import { acceptTheProposal, proposalLens, runEditInPlace, useEditInPlaceWorkbench } from '../helpers/editInPlace';
import { HALF_PROPOSED, HALF_SOURCE } from '../../shared/demoEdit';
import { MAX_CHECKPOINT_FILE_BYTES } from '../../../src/checkpoints/common/checkpoints';

/** HALF_SOURCE, then comment lines until the file is past what a checkpoint keeps. */
const FILLER_LINE = `// ${'x'.repeat(1000)}\n`;
const TOO_LARGE = HALF_SOURCE + FILLER_LINE.repeat(Math.ceil(MAX_CHECKPOINT_FILE_BYTES / FILLER_LINE.length) + 1);

describe('Edit in Place on a file too large to keep for its undo (real workbench, emulator)', function () {
  this.timeout(240_000);
  const ui = useEditInPlaceWorkbench('edit-too-large', 'src/large.ts', TOO_LARGE);

  /** Runs Edit in Place on lines 2-3 and waits for the question about the copy it cannot keep. */
  async function editAndWaitForQuestion(): Promise<void> {
    const { workbench } = ui;
    await runEditInPlace(workbench, 'large.ts', 2, 3);
    await waitFor(
      'the question about the copy that cannot be kept',
      async () => ((await openDialog(workbench).count()) === 1 ? await openDialog(workbench).innerText() : 'no dialog'),
      (text) => /cannot keep a copy of src\/large\.ts to undo this edit/.test(text) && /too large to keep/.test(text),
    );
  }

  it('asks before changing it: Cancel leaves the file as it is and shows the reply, Change It shows the proposal, and no undo is listed', async () => {
    const { workbench } = ui;
    const editor = workbench.editorFor('large.ts');

    await editAndWaitForQuestion();
    await workbench.screenshot('edit-too-large-question');
    await openDialog(workbench).locator('.monaco-button', { hasText: 'Cancel' }).click();
    await waitFor(
      'the question to close',
      () => openDialog(workbench).count(),
      (count) => count === 0,
    );
    assert.equal(await proposalLens(editor, 'Accept').count(), 0, 'no proposal is shown');
    // The lines up to the function's end: the proposal adds one.
    const functionLines = async (count: number): Promise<string> =>
      (await workbench.editorText('large.ts')).split('\n').slice(0, count).join('\n');
    assert.equal(await functionLines(4), HALF_SOURCE.trimEnd(), 'the file is as it was');
    await waitFor(
      "the cluster's reply in the reply view",
      () => workbench.webview().locator('#reply').innerText(),
      (text) => text.includes('Reviewed by cluster demo'),
    );

    await editAndWaitForQuestion();
    await openDialog(workbench).locator('.monaco-button', { hasText: 'Change It' }).click();
    await acceptTheProposal(editor);
    await waitFor(
      'the proposal to be applied',
      () => functionLines(5),
      (text) => text === HALF_PROPOSED.trimEnd(),
    );
    assert.equal(
      fs.readFileSync(path.join(workbench.folder, 'src', 'large.ts'), 'utf8').slice(0, HALF_SOURCE.length),
      HALF_SOURCE,
      'nothing is saved',
    );

    await workbench.runCommand('Cluster Chat: Undo an Edit Outside the Chat…');
    await workbench.notification(/no Edit in Place, Fix or code from the reply view has changed a file yet/);
  });
});
