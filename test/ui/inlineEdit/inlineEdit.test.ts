import * as assert from 'node:assert/strict';
import { waitUntil } from '../../../scripts/workbench/wait';
import { useWorkbench } from '../helpers/useWorkbench';

// A type error on line 5 for TypeScript's own diagnostics; line 4 ends in spaces, which the
// emulator's demo cluster trims (and it adds a comment on top), so the fix has two hunks.
const CART = [
  'export interface Item {',
  '  price: number;',
  '}',
  'export function total(items: Item[]): number {   ',
  '  const count: number = "none";',
  '  return items.reduce((sum, item) => sum + item.price, count);',
  '}',
  '',
].join('\n');

describe('Lightbulb and Edit in Place in the real workbench', function () {
  this.timeout(180_000);
  const ui = useWorkbench({
    screenshots: 'inline-edit',
    emulator: { apiKey: 'ui-inline-key-51c2' },
    files: { 'src/cart.ts': CART },
    clusters: [{ id: 'demo', label: 'Demo' }],
    openFile: 'src/cart.ts',
    apiKey: true,
    cluster: 'Demo',
  });

  it('the lightbulb on a problem offers Fix with Cluster and Explain Problem with Cluster', async () => {
    const editor = ui.workbench.editorFor('cart.ts');
    await editor.locator('.squiggly-error').first().waitFor({ timeout: 60_000 });
    await ui.workbench.clearNotifications();
    // The cursor into `count`, where TypeScript reports the error.
    await editor.locator('.view-lines').click();
    for (const key of [
      'Control+Home',
      'ArrowDown',
      'ArrowDown',
      'ArrowDown',
      'ArrowDown',
      'Home',
      'Control+ArrowRight',
      'ArrowRight',
      'ArrowRight',
    ]) {
      await ui.workbench.page.keyboard.press(key);
    }
    await waitUntil('the cursor in `count` on line 5', async () =>
      (await ui.workbench.page.locator('.part.statusbar').innerText()).includes('Ln 5, Col 10'),
    );
    await ui.workbench.page.keyboard.press('Control+.');
    const menu = ui.workbench.page.locator('.action-widget');
    await menu.getByText('Fix with Cluster', { exact: true }).waitFor({ timeout: 30_000 });
    await menu.getByText('Explain Problem with Cluster', { exact: true }).waitFor();
    await ui.workbench.screenshot('lightbulb-menu');
    // The keyboard, as a user of the lightbulb does (in 1.100 a pointer guard covers the menu until the mouse moves).
    const focusedRow = menu.locator('.monaco-list-row.focused');
    await waitUntil('Fix with Cluster to be the focused entry', async () =>
      (await focusedRow.innerText().catch(() => '')).includes('Fix with Cluster'),
    );
    await ui.workbench.page.keyboard.press('Enter');
    await waitUntil(
      'the proposal’s CodeLenses to show',
      async () => (await editor.locator('.codelens-decoration a', { hasText: 'Accept' }).count()) >= 2,
      {
        timeoutMs: 30_000,
      },
    );
    assert.equal(ui.emulator.stats().clusters['demo']?.received, 1);
    await ui.workbench.clearNotifications();
  });

  it('shows the fix inline with Accept and Reject, leaves the file as it was until accepted, and accepts with Shift+Alt+Y', async () => {
    const editor = ui.workbench.editorFor('cart.ts');
    const lenses = await editor.locator('.codelens-decoration').allInnerTexts();
    assert.ok(
      lenses.some((text) => /Accept All \(2\)/.test(text)),
      lenses.join(' | '),
    );
    assert.ok(
      lenses.some((text) => /Reject All/.test(text)),
      lenses.join(' | '),
    );
    assert.match(await ui.workbench.editorText('cart.ts'), /number \{ {3}/, 'the trailing spaces are still there');
    await ui.workbench.screenshot('inline-proposal');
    // The cursor is on the first hunk (the comment on top): Shift+Alt+Y accepts it alone.
    await editor.locator('.view-lines').click();
    await ui.workbench.page.keyboard.press('Control+Home');
    await ui.workbench.page.keyboard.press('Shift+Alt+Y');
    await waitUntil('the first hunk applied', async () =>
      (await ui.workbench.editorText('cart.ts')).startsWith('// Reviewed by cluster demo'),
    );
    assert.match(await ui.workbench.editorText('cart.ts'), /number \{ {3}/, 'the other hunk is still pending');
    await waitUntil('one hunk left', async () => (await editor.locator('.codelens-decoration a', { hasText: 'Accept All' }).count()) === 0);
    await ui.workbench.page.keyboard.press('Shift+Alt+N');
    await waitUntil('no proposal left', async () => (await editor.locator('.codelens-decoration a', { hasText: 'Reject' }).count()) === 0);
    await ui.workbench.undo('cart.ts');
    await waitUntil('one undo restores the file', async () =>
      (await ui.workbench.editorText('cart.ts')).startsWith('export interface Item'),
    );
  });
});
