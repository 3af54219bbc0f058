import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator } from 'playwright-core';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
import { answerDialog, dialogText, turnEnded } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';
import { proposalLens } from '../helpers/editInPlace';
import { ASK, ASK_DOUBT, ASK_HUNKS, CART, CART_TEST, DISCOUNT, DOUBT_REPLY, HUNKS_REPLY, REPLY } from './reviewReplies';

describe('Review changes in N files, and undo a turn (real workbench, emulator)', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'multi-file-review',
    emulator: {
      apiKey: 'review-ui-key-7c20',
      scriptedReply: (last) =>
        last.includes(ASK) ? REPLY : last.includes(ASK_HUNKS) ? HUNKS_REPLY : last.includes(ASK_DOUBT) ? DOUBT_REPLY : undefined,
    },
    files: { 'src/cart.ts': CART, 'src/cart.test.ts': CART_TEST },
    // Off as in desktop VS Code (the web saves after a delay): the test shows Cluster Chat saves nothing.
    settings: { 'files.autoSave': 'off' },
    clusters: [{ id: 'demo', label: 'Demo' }],
    apiKey: true,
    cluster: 'Demo',
  });
  /** Asks `text` in a new chat and waits for the reply; resolves the chat's frame. */
  const askInNewChat = async (text: string): Promise<FrameLocator> => {
    await startNewChat(ui.workbench);
    const chat = ui.workbench.chatView();
    await chat.locator('#chat-input').fill(text);
    await chat.locator('#chat-input').press('Enter');
    await turnEnded(ui.workbench, 1);
    return chat;
  };
  /** A workspace file as saved, or undefined when there is none. */
  const onDisk = (relative: string): string | undefined => {
    const file = path.join(ui.workbench.folder, relative);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  };

  it('reviews two changed files and a new one, accepts all unsaved with one undo each, refuses ../outside.ts, and undoes the turn', async () => {
    const { workbench } = ui;
    const expectedCart = CART.replace('sum += item.price;', 'sum += item.price * item.quantity;');
    const expectedTest = CART_TEST.replace('=== 2', '=== 6');

    const chat = await askInNewChat(ASK);

    const review = chat.locator('li.chat-message[data-index="1"] button.message-review');
    assert.equal(await review.getAttribute('aria-label'), 'Review changes in 3 files', 'the refused path is not counted');
    await review.click();
    const leftOut = await workbench.notification(/left 1 block out of the review/);
    assert.match(await leftOut.innerText(), /\.\.\/outside\.ts: the path leads out of the workspace folder/);
    const reviewTab = workbench.page.locator('.tab', { hasText: 'Cluster Chat: proposed changes (3 files)' });
    await reviewTab.first().waitFor();
    const offer = await workbench.notification(/proposes changes to 3 files/);
    // The diff editor says "Loading..." until it has read the files: the screenshot waits for their headers.
    const headers = workbench.page.locator('.multiDiffEntry .file-path');
    await waitFor(
      'the review to show the three files',
      () => headers.allInnerTexts(),
      (files) => files.length === 3,
    );
    // The decisions stand in the diff's title bar, where the review is read, as long as it is open.
    const titleBar = workbench.page.locator('.editor-actions');
    await titleBar.locator('a[aria-label="Reject the Review"]').waitFor({ timeout: 15_000 });
    await workbench.screenshot('multi-file-review');
    assert.match(await offer.innerText(), /Accept All/, 'the notification offers the same decision');
    await titleBar.locator('a[aria-label="Accept All Changes of the Review"]').click();

    await workbench.notification(/changed 3 files, not saved: src\/cart\.ts, src\/cart\.test\.ts, src\/discount\.ts/);
    assert.equal(onDisk('src/discount.ts'), '', 'the new file is created, its text not saved');
    await waitUntil('the review’s tab to close once every file is accepted', async () => (await reviewTab.count()) === 0);
    assert.equal(onDisk('src/cart.ts'), CART, 'nothing is saved on its own');
    assert.equal(onDisk('../outside.ts'), undefined);
    await workbench.runCommand('File: Save All Files');
    const saved = await waitFor(
      'the three accepted files to be saved',
      () => ({ cart: onDisk('src/cart.ts'), test: onDisk('src/cart.test.ts'), discount: onDisk('src/discount.ts') }),
      (state) => state.cart === expectedCart && state.test === expectedTest && state.discount === DISCOUNT,
    );
    assert.deepEqual(saved, { cart: expectedCart, test: expectedTest, discount: DISCOUNT });

    // One undo step per accepted file: Ctrl+Z in it brings back the original, and redo the change.
    for (const [relative, original, changed] of [
      ['src/cart.ts', CART, expectedCart],
      ['src/cart.test.ts', CART_TEST, expectedTest],
    ] as const) {
      await workbench.openFile(relative);
      await workbench.undo(path.basename(relative));
      await workbench.runCommand('File: Save');
      await waitUntil(`one undo to restore ${relative}`, () => onDisk(relative) === original);
      await workbench.page.keyboard.press('Control+Y');
      await workbench.runCommand('File: Save');
      await waitUntil(`redo to bring back the change to ${relative}`, () => onDisk(relative) === changed);
    }

    await workbench.clearNotifications();
    await chat.locator('li.chat-message[data-index="1"] button.message-undo-turn').click();
    const undone = await workbench.notification(/restored 3 of 3 files as they were before this turn/);
    assert.match(await undone.innerText(), /custom actions did on its side cannot be undone/);
    await waitUntil("the turn's new file to be deleted", () => onDisk('src/discount.ts') === undefined);
    await workbench.runCommand('File: Save All Files');
    const restored = await waitFor(
      'both changed files saved as they were before the turn',
      () => ({ cart: onDisk('src/cart.ts'), test: onDisk('src/cart.test.ts') }),
      (state) => state.cart === CART && state.test === CART_TEST,
    );
    assert.deepEqual(restored, { cart: CART, test: CART_TEST });
  });

  it('moves one file of a review into its editor from the diff’s title bar, and decides its hunks there', async () => {
    const { workbench } = ui;
    await workbench.clearNotifications();
    await workbench.runCommand('View: Close All Editors');
    const chat = await askInNewChat(ASK_HUNKS);
    await chat.locator('li.chat-message[data-index="1"] button.message-review').click();
    const headers = workbench.page.locator('.multiDiffEntry .file-path');
    await waitFor(
      'the review to show both files',
      async () => (await headers.allInnerTexts()).filter((file) => file !== ''),
      (files) => files.length === 2,
    );
    const onDisk = (): string => fs.readFileSync(path.join(workbench.folder, 'src', 'cart.ts'), 'utf8');
    // The file's proposal on its own, from its header in the review, where the title bar offers the move.
    const entry = workbench.page.locator('.multiDiffEntry', { hasText: 'cart.ts' }).first();
    await entry.hover();
    await entry.locator('.actions a[aria-label="Open File"]').click();
    const move = workbench.page.locator('.editor-actions a[aria-label="Review the Changes to This File Hunk by Hunk in Its Editor"]');
    await move.waitFor({ timeout: 15_000 });
    await workbench.screenshot('review-in-editor-button');
    await move.click();

    const editor = workbench.editorFor('cart.ts');
    const lens = (label: string): Locator => proposalLens(editor, label);
    await waitFor(
      'both hunks of cart.ts in its editor, each with its Accept',
      () => lens('Accept').count(),
      (count) => count === 2,
    );
    await workbench.screenshot('review-in-editor-hunks');
    await lens('Accept').first().click();
    await waitFor(
      'one hunk left to decide',
      () => lens('Reject').count(),
      (count) => count === 1,
    );
    await lens('Reject').first().click();
    const kept = CART.replace('  let sum = 0;', '  let sum = 0; // cents');
    await waitFor(
      'the first hunk accepted and the second rejected',
      () => workbench.editorText('cart.ts'),
      (text) => text === kept,
    );
    assert.equal(onDisk(), CART, 'nothing is saved');

    // The proposal's own tab is still open; its Accept there leads back to the file's editor.
    await workbench.page.locator('.tab:not(.active)', { hasText: 'cart.ts' }).first().click();
    await workbench.page.locator('.editor-actions a[aria-label="Accept the Changes to This File"]').click();
    await workbench.notification(/the changes to src\/cart\.ts moved into its editor/);
    assert.equal(await workbench.editorText('cart.ts'), kept, 'the file is as decided in its editor, not written again');
  });

  it('says why a block whose place is in doubt is left out, and compares the whole file with it on request', async () => {
    const { workbench } = ui;
    await workbench.clearNotifications();
    // The hunks decided above are not saved: saved now, closing the editors asks nothing.
    await workbench.runCommand('File: Save All Files');
    await workbench.runCommand('View: Close All Editors');
    const chat = await askInNewChat(ASK_DOUBT);
    const before = fs.readFileSync(path.join(workbench.folder, 'src', 'cart.ts'), 'utf8');
    await chat.locator('li.chat-message[data-index="1"] button.message-review').click();
    const leftOut = await workbench.notification(/left 1 block out of the review/);
    assert.match(
      await leftOut.innerText(),
      /src\/cart\.ts: a part of the block shares no line with the file \(line 2 of the block\), so where it goes is not certain/,
    );
    await workbench.clickNotificationButton(leftOut, 'Compare With the File');
    const tab = workbench.page.locator('.tab', { hasText: 'src/cart.ts ↔ the reply’s block' });
    await tab.first().waitFor({ timeout: 15_000 });
    const modified = workbench.page.locator('.editor-instance .modified-in-monaco-diff-editor .view-lines');
    await waitFor(
      'the diff to show the block beside the file',
      () => modified.first().innerText(),
      (text) => text.includes('console.log(entry);'),
    );
    await workbench.screenshot('review-doubtful-block');
    // The compared block is no review's proposal: the review's buttons are not offered on it.
    const titleActions = await workbench.editorTitleActions();
    assert.ok(!titleActions.some((label) => /the Changes to This File/.test(label)), titleActions.join(' | '));
    assert.equal(fs.readFileSync(path.join(workbench.folder, 'src', 'cart.ts'), 'utf8'), before, 'nothing is written');
  });

  it('asks to undo a turn’s changes before an edit is resent (Cancel gives the edit back) or its reply regenerated (Undo Changes)', async () => {
    const { workbench } = ui;
    await workbench.clearNotifications();
    await workbench.runCommand('File: Save All Files');
    await workbench.runCommand('View: Close All Editors');
    const before = { cart: onDisk('src/cart.ts'), test: onDisk('src/cart.test.ts'), discount: onDisk('src/discount.ts') };
    const chat = await askInNewChat(ASK);
    const reply = chat.locator('li.chat-message[data-index="1"]');
    await reply.locator('button.message-review').click();
    await workbench.page.locator('.editor-actions a[aria-label="Accept All Changes of the Review"]').click();
    await workbench.notification(/changed 3 files, not saved/);
    await reply.locator('button.message-undo-turn').waitFor();
    await workbench.clearNotifications();

    const edited = `${ASK} Keep the old field too.`;
    await chat.locator('li.chat-message[data-index="0"] button.message-edit').click();
    await chat.locator('#chat-input').fill(edited);
    await chat.locator('#chat-input').press('Enter');
    const onResend = await waitFor(
      'the question whether to undo the changes of the reply the edit replaces',
      () => dialogText(workbench),
      (text) => text?.includes('The reply this replaces changed files') === true,
    );
    await answerDialog(workbench, onResend ?? '', 'Cancel');
    const givenBack = await waitFor(
      'the edit back in the box, still an edit of the first message, and the conversation as it was',
      async () => ({
        box: await chat.locator('#chat-input').inputValue(),
        editing: await chat.locator('#chat-editing').isVisible(),
        messages: await workbench.chatMessageCount(),
        undo: await reply.locator('button.message-undo-turn').count(),
      }),
      (state) => state.box === edited && state.editing,
    );
    assert.deepEqual(givenBack, { box: edited, editing: true, messages: 2, undo: 1 });
    await chat.locator('#chat-input').press('Escape');

    await reply.locator('button.message-regenerate').click();
    const question = await waitFor(
      'the question whether to undo the replaced reply’s changes',
      () => dialogText(workbench),
      (text) => text?.includes('The reply this replaces changed files') === true,
    );
    await answerDialog(workbench, question ?? '', 'Undo Changes');
    await workbench.notification(/restored 3 of 3 files as they were before this turn/);
    await turnEnded(workbench, 1);
    await workbench.runCommand('File: Save All Files');
    const after = await waitFor(
      'the files saved as they were before the replaced turn',
      () => ({ cart: onDisk('src/cart.ts'), test: onDisk('src/cart.test.ts'), discount: onDisk('src/discount.ts') }),
      (state) => state.cart === before.cart && state.test === before.test && state.discount === before.discount,
    );
    assert.deepEqual(after, before);
    assert.equal(await reply.locator('button.message-undo-turn').count(), 0, 'the new reply changed no file yet');
  });
});
