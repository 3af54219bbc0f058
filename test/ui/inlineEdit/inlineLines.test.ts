import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor } from '../../../scripts/workbench/wait';
import { useWorkbench } from '../helpers/useWorkbench';
import { runEditInPlace, proposalLens } from '../helpers/editInPlace';

// Three lines ending in spaces, one of them 150 characters long once trimmed: the emulator's demo
// cluster trims them and puts a comment on top, a change of three lines into four.
const LONG = `  const message = '${'x'.repeat(150 - 21)}';`;
const SOURCE = ['export function describe(item: string): string {', '  const a = 1;   ', `${LONG}  `, '  return item + a;  ', '}', ''].join(
  '\n',
);
const OLD_LINES = SOURCE.split('\n').slice(1, 4);
const NEW_LINES = ['// Reviewed by cluster demo', '  const a = 1;', LONG, '  return item + a;'];
const SHOWN = [SOURCE.split('\n')[0], ...OLD_LINES, ...NEW_LINES, '}', ''].join('\n');

describe('Edit in Place shows proposed lines whole (real workbench, emulator)', function () {
  this.timeout(180_000);
  const ui = useWorkbench({
    screenshots: 'inline-lines',
    emulator: { apiKey: 'ui-inline-lines-key-8d14' },
    files: { 'src/describe.ts': SOURCE },
    // As in desktop VS Code: with VS Code for the Web's auto-save the file would be saved meanwhile.
    settings: { 'files.autoSave': 'off', 'editor.renderWhitespace': 'none', 'editor.wordWrap': 'off', 'editor.minimap.enabled': false },
    clusters: [{ id: 'demo', label: 'Demo' }],
    openFile: 'src/describe.ts',
    apiKey: true,
    cluster: 'Demo',
  });

  it('proposes a 3-line change with a 150-character line as whole lines; Reject leaves the file byte-identical and clean', async () => {
    const { workbench } = ui;
    const editor = workbench.editorFor('describe.ts');
    const tab = workbench.page.locator('.tab', { hasText: 'describe.ts' }).first();
    await runEditInPlace(workbench, 'describe.ts', 2, 4);
    const reject = proposalLens(editor, 'Reject');
    await waitFor(
      'the proposal with its Accept and Reject',
      async () => ({ rejects: await reject.count(), text: await workbench.editorText('describe.ts') }),
      (state) => state.rejects === 1 && state.text === SHOWN,
    );
    assert.equal(NEW_LINES[2]?.length, 150);

    // Word wrap off, on a screen wide enough for a 150-character line: each line of the proposal,
    // old and new, is one editor line that ends inside the editor, not past its right edge.
    await workbench.page.setViewportSize({ width: 1920, height: 1000 });
    await waitFor(
      'both 150-character lines to end inside the editor, without word wrap',
      () =>
        editor.evaluate((root) => {
          const area = root.querySelector('.editor-scrollable')?.getBoundingClientRect();
          const long = Array.from(root.querySelectorAll('.view-line')).filter((line) => (line.textContent ?? '').includes('x'.repeat(100)));
          return {
            editorRight: Math.round(area?.right ?? 0),
            lineRights: long.map((line) => Math.round(line.firstElementChild?.getBoundingClientRect().right ?? Infinity)),
          };
        }),
      (state) => state.lineRights.length === 2 && state.lineRights.every((right) => right <= state.editorRight),
    );
    await workbench.clearNotifications();
    await workbench.screenshot('inline-lines-proposal');

    await reject.click();
    const after = await waitFor(
      'the proposal to be gone, the file as it was and clean',
      async () => ({
        lenses: await editor.locator('.codelens-decoration a', { hasText: /Accept|Reject/ }).count(),
        text: await workbench.editorText('describe.ts'),
        dirty: ((await tab.getAttribute('class')) ?? '').split(/\s+/).includes('dirty'),
      }),
      (state) => state.lenses === 0 && state.text === SOURCE,
    );
    assert.equal(after.dirty, false, 'rejecting leaves the file clean');
    assert.equal(fs.readFileSync(path.join(workbench.folder, 'src', 'describe.ts'), 'utf8'), SOURCE, 'byte-identical on disk');
  });
});
