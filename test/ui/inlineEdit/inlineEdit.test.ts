import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
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
    // As in desktop VS Code: VS Code for the Web saves after a delay, and each save is an undo step of its own.
    settings: { 'files.autoSave': 'off' },
    clusters: [{ id: 'demo', label: 'Demo' }],
    openFile: 'src/cart.ts',
    apiKey: true,
    cluster: 'Demo',
  });

  const demoReceived = (): number => ui.emulator.stats().clusters['demo']?.received ?? 0;

  /**
   * Writes a copy of the cart as src/`name` and opens it, once TypeScript reports its error: each test
   * fixes its own copy, so none starts from what another accepted, rejected or left pending.
   */
  async function openCart(name: string): Promise<Locator> {
    fs.writeFileSync(path.join(ui.workbench.folder, 'src', name), CART);
    await ui.workbench.openFile(`src/${name}`);
    const editor = ui.workbench.editorFor(name);
    await editor.locator('.squiggly-error').first().waitFor({ timeout: 60_000 });
    return editor;
  }

  /** Puts the cursor into `count` on line 5 of src/`name`, where TypeScript reports the error, and opens the lightbulb there. */
  async function openLightbulb(name: string): Promise<{ readonly editor: Locator; readonly menu: Locator }> {
    const editor = await openCart(name);
    await ui.workbench.clearNotifications();
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
    const fix = menu.getByText('Fix with Cluster', { exact: true });
    // What a missing menu leaves to see: where the focus is, whether the lightbulb shows, the widget's text.
    await waitFor(
      'the lightbulb menu with Fix with Cluster',
      async () => ({
        shown: await fix.isVisible(),
        ...(await ui.workbench.page.evaluate(() => ({
          focus: `${document.activeElement?.tagName ?? 'none'}.${String(document.activeElement?.className ?? '')}`,
          lightbulb: document.querySelector('.lightBulbWidget') !== null,
          widget: document.querySelector('.action-widget')?.textContent ?? 'none',
        }))),
      }),
      (state) => state.shown,
      { timeoutMs: 30_000 },
    );
    return { editor, menu };
  }

  /** Chooses Fix with Cluster in the open lightbulb menu and waits for the proposal's CodeLenses in `editor`. */
  async function chooseFix(editor: Locator, menu: Locator): Promise<void> {
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
    await ui.workbench.clearNotifications();
  }

  /** A fix proposed in src/`name` through the lightbulb, pending in its editor. */
  async function proposeFix(name: string): Promise<Locator> {
    const { editor, menu } = await openLightbulb(name);
    await chooseFix(editor, menu);
    return editor;
  }

  /** With the cursor on the fix's first hunk (the comment on top), Shift+Alt+Y accepts it alone; resolves once one hunk is left. */
  async function acceptFirstHunk(name: string, editor: Locator): Promise<void> {
    await editor.locator('.view-lines').click();
    await ui.workbench.page.keyboard.press('Control+Home');
    await ui.workbench.page.keyboard.press('Shift+Alt+Y');
    await waitUntil('the first hunk applied', async () => (await ui.workbench.editorText(name)).startsWith('// Reviewed by cluster demo'));
    await waitUntil('one hunk left', async () => (await editor.locator('.codelens-decoration a', { hasText: 'Accept All' }).count()) === 0);
  }

  /** Shift+Alt+N rejects the hunk left; resolves once no proposal is left. */
  async function rejectRest(editor: Locator): Promise<void> {
    await ui.workbench.page.keyboard.press('Shift+Alt+N');
    await waitUntil('no proposal left', async () => (await editor.locator('.codelens-decoration a', { hasText: 'Reject' }).count()) === 0);
  }

  it('the lightbulb on a problem offers Fix with Cluster and Explain Problem with Cluster', async () => {
    const received = demoReceived();
    const { editor, menu } = await openLightbulb('cart.ts');
    await menu.getByText('Explain Problem with Cluster', { exact: true }).waitFor();
    await ui.workbench.screenshot('lightbulb-menu');
    await chooseFix(editor, menu);
    assert.equal(demoReceived(), received + 1);
  });

  it('shows a proposed fix inline, with Accept All and Reject All', async () => {
    const editor = await proposeFix('cart-lenses.ts');
    const lenses = await editor.locator('.codelens-decoration').allInnerTexts();
    assert.ok(
      lenses.some((text) => /Accept All \(2\)/.test(text)),
      lenses.join(' | '),
    );
    assert.ok(
      lenses.some((text) => /Reject All/.test(text)),
      lenses.join(' | '),
    );
    await ui.workbench.screenshot('inline-proposal');
  });

  it('keeps the old lines in the file until the fix is accepted', async () => {
    await proposeFix('cart-pending.ts');
    assert.match(await ui.workbench.editorText('cart-pending.ts'), /number \{ {3}/, 'the trailing spaces are still there');
  });

  it('Shift+Alt+Y accepts the hunk under the cursor alone', async () => {
    const editor = await proposeFix('cart-accept.ts');
    await acceptFirstHunk('cart-accept.ts', editor);
    assert.match(await ui.workbench.editorText('cart-accept.ts'), /number \{ {3}/, 'the other hunk is still pending');
  });

  it('Shift+Alt+N rejects the hunk left', async () => {
    const editor = await proposeFix('cart-reject.ts');
    await acceptFirstHunk('cart-reject.ts', editor);
    await rejectRest(editor);
  });

  it('after a hunk was accepted and the other rejected, Undo proposes the rejected one again, and the next restores the file', async () => {
    const editor = await proposeFix('cart-undo.ts');
    await acceptFirstHunk('cart-undo.ts', editor);
    await rejectRest(editor);
    const lenses = editor.locator('.codelens-decoration a', { hasText: /Accept|Reject/ });
    await ui.workbench.undo('cart-undo.ts');
    await waitFor(
      'the rejected change to be proposed again',
      async () => ({ lenses: await lenses.allInnerTexts(), text: await ui.workbench.editorText('cart-undo.ts') }),
      (state) => state.lenses.length === 2 && /number \{[ \u00b7]{3}\n.*number \{\n/.test(state.text),
    );
    await ui.workbench.undo('cart-undo.ts');
    await waitFor(
      'the file as it was, with no proposal',
      async () => ({ lenses: await lenses.count(), text: await ui.workbench.editorText('cart-undo.ts') }),
      (state) =>
        state.lenses === 0 && state.text.startsWith('export interface Item') && state.text.split('export function total').length === 2,
    );
  });
});
