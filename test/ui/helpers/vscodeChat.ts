/**
 * Gestures in VS Code's own Chat view (not Cluster Chat's webview): open it, pick a model, attach a
 * file, send a prompt and read the reply. Each waits for the state it leads to and, when that state
 * does not come, says what it saw.
 */
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
import { SCREENSHOTS, type Workbench } from '../../../scripts/workbench/workbench';

/** Replies come from a local emulator, but the first request also loads the participant. */
const REPLY_TIMEOUT_MS = 30_000;

const LATEST_REPLY = '.interactive-item-container.interactive-response.chat-most-recent-response';

export class VsCodeChat {
  private readonly page: Page;
  private readonly session: Locator;

  constructor(private readonly workbench: Workbench) {
    this.page = workbench.page;
    this.session = this.page.locator('.interactive-session').first();
  }

  /** Opens the Chat view from the palette and waits until its input offers `mode` (e.g. "Ask"). */
  async open(mode: string): Promise<void> {
    await this.workbench.runCommand('Chat: Open Chat');
    await waitFor(
      `the Chat view to open in ${mode} mode`,
      () => this.modeLabel(),
      (label) => label === mode,
    );
  }

  /** The mode picker's label, e.g. "Ask". */
  async modeLabel(): Promise<string | null> {
    const picker = this.session.locator('.chat-mode-picker-item a.action-label');
    return (await picker.count()) > 0 ? picker.first().getAttribute('aria-label') : 'no mode picker';
  }

  /** The model picker's label, e.g. "Models, Demo". */
  async modelLabel(): Promise<string | null> {
    const picker = this.session.locator('.model-picker-name');
    return (await picker.count()) > 0 ? picker.first().getAttribute('aria-label') : 'no model picker';
  }

  /** Opens the model picker and types `search` into its filter; resolves with the rows it then lists. */
  async openModelPicker(search: string): Promise<string[]> {
    await this.session.locator('.model-picker-name').click();
    const filter = this.page.locator('.action-list-filter-input');
    await waitUntil('the model picker to open', () => filter.isVisible());
    await filter.fill(search);
    return waitFor(
      `the model picker to list models matching ${JSON.stringify(search)}`,
      () => this.modelRows(),
      (rows) => rows.length > 0 && rows.every((row) => row.toLowerCase().includes(search.toLowerCase())),
    );
  }

  /** Clicks the open picker's row whose label starts with `label` and waits for the picker to show it. */
  async pickModel(label: string): Promise<void> {
    await this.page.locator(`.chat-model-picker-dropdown .monaco-list-row[aria-label^="${label}, "]`).click();
    await waitFor(
      `the model picker to show ${label}`,
      () => this.modelLabel(),
      (shown) => shown === `Models, ${label}`,
    );
  }

  private modelRows(): Promise<string[]> {
    return this.page
      .locator('.chat-model-picker-dropdown .monaco-list-row[role="option"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
  }

  /** Attaches a workspace file with Add Context (what `#file` attaches) and waits for its chip. */
  async attachFile(name: string): Promise<void> {
    await this.session.locator('.interactive-input-part a.action-label[aria-label^="Add Context"]').first().click();
    const search = this.page.locator('.quick-input-widget:visible input.input');
    await waitUntil('the Add Context picker to open', () => search.isVisible());
    await search.fill(name);
    const row = this.page.locator(`.quick-input-widget:visible .monaco-list-row[aria-label^="${name} "]`);
    await waitUntil(`the Add Context picker to list ${name}`, async () => (await row.count()) > 0);
    await row.first().click();
    await waitFor(
      `the chat input to show ${name} attached`,
      () => this.session.locator('.chat-attached-context').first().innerText(),
      (text) => text.includes(name),
    );
  }

  /**
   * Replaces what the input holds with `text` (a sticky participant may have left "@cluster " in
   * it), checks it holds that and presses Enter once. End `text` with a space after a slash
   * command: typing it opens the command suggestions, which would take the Enter.
   */
  async submit(text: string): Promise<void> {
    await waitUntil('the chat input to have focus', () => this.inputHasFocus());
    await this.page.keyboard.press('ControlOrMeta+A');
    // Inserted as one piece, as a paste is: typed key by key, a space could reach the suggestion list instead.
    await this.page.keyboard.insertText(text);
    // The @participant and /command decorations hide the space after them from the rendered text.
    const compact = (value: string): string => value.replace(/([@/][\w-]+)\s+/g, '$1').trimEnd();
    await waitFor(
      `the chat input to hold ${JSON.stringify(text)}`,
      () => this.inputText(),
      (value) => compact(value) === compact(text),
    );
    // Enter sends only once the view enabled its Send button for the new text, and no suggestion list takes it.
    await this.waitUntilSendable();
    await this.page.keyboard.press('Enter');
  }

  /**
   * Empties the input and types `text` key by key, as a user does (suggestion lists open as they
   * would), then waits until the suggestion list shows a row holding `suggestion`.
   */
  async typeUntilSuggested(text: string, suggestion: string): Promise<void> {
    await waitUntil('the chat input to have focus', () => this.inputHasFocus());
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Backspace');
    await this.page.keyboard.type(text);
    const rows = this.page.locator('.suggest-widget.visible .monaco-list-row');
    await waitFor(
      `the suggestion list to offer ${suggestion}`,
      () => rows.allInnerTexts(),
      (texts) => texts.some((row) => row.includes(suggestion)),
    );
  }

  /** Waits until Enter in the input would send: the Send button enabled, no suggestion list open. */
  async waitUntilSendable(): Promise<void> {
    await waitFor(
      'the Send button to be enabled, with no suggestion list open',
      () => this.sendState(),
      (state) => state === 'ready',
    );
  }

  /** Submits `text` and waits for a new reply that `done` accepts; resolves with that reply's text. */
  async send(text: string, done: (reply: string) => boolean): Promise<string> {
    const previous = await this.latestReplyIndex();
    await this.submit(text);
    return waitFor(
      'a new reply to finish',
      async () => {
        if ((await this.latestReplyIndex()) <= previous) {
          return 'no new reply yet';
        }
        const latest = this.latestReply();
        const loading = (await latest.getAttribute('class'))?.includes('chat-response-loading') ?? false;
        // Code blocks are editors, which render spaces as no-break spaces.
        return loading ? 'still loading' : (await latest.locator('.rendered-markdown').first().innerText()).replace(/\u00a0/g, ' ');
      },
      done,
      { timeoutMs: REPLY_TIMEOUT_MS },
    );
  }

  /** Saves the Chat view alone (the secondary side bar) under test-results/ui/<name>.png, e.g. for the README. */
  async screenshot(name: string): Promise<string> {
    const file = path.join(SCREENSHOTS, `${name}.png`);
    await this.page.locator('.part.auxiliarybar').screenshot({ path: file });
    return file;
  }

  /** The text the chat input holds (the editor renders spaces as no-break spaces). */
  async inputText(): Promise<string> {
    const text = await this.session.locator('.interactive-input-part .interactive-input-editor .view-lines').first().innerText();
    return text.replace(/\u00a0/g, ' ').trimEnd();
  }

  private async sendState(): Promise<string> {
    const button = this.session.locator('.interactive-input-part .chat-submit-button').first();
    if ((await button.count()) === 0) {
      return 'no Send button';
    }
    if ((await button.getAttribute('class'))?.split(' ').includes('disabled')) {
      return 'Send button disabled';
    }
    return (await this.page.locator('.suggest-widget.visible').count()) > 0 ? 'a suggestion list is open' : 'ready';
  }

  private latestReply(): Locator {
    return this.session.locator(LATEST_REPLY).first();
  }

  /**
   * The list position of the latest reply, -1 before the first. The list renders only the rows in
   * view, so counting reply elements would miss those scrolled away.
   */
  private async latestReplyIndex(): Promise<number> {
    const row = this.session.locator('.monaco-list-row').filter({ has: this.page.locator(LATEST_REPLY) });
    return (await row.count()) === 0 ? -1 : Number((await row.first().getAttribute('data-index')) ?? -1);
  }

  private inputHasFocus(): Promise<boolean> {
    return this.page.evaluate(() => Boolean(document.activeElement?.closest('.interactive-input-editor')));
  }
}
