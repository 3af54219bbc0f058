import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { waitFor } from '../../../scripts/workbench/wait';
import { conversationPath, savedConversation } from '../helpers/savedConversation';
import { useWorkbenchPerTest } from '../helpers/useWorkbench';

/** VS Code's built-in themes of each kind, and the class the webview's body gets for it. */
const THEMES = [
  { id: 'Default Light Modern', label: 'Light Modern', bodyClass: 'vscode-light' },
  { id: 'Default Dark Modern', label: 'Dark Modern', bodyClass: 'vscode-dark' },
  { id: 'Default High Contrast', label: 'Dark High Contrast', bodyClass: 'vscode-high-contrast' },
  { id: 'Default High Contrast Light', label: 'Light High Contrast', bodyClass: 'vscode-high-contrast-light' },
] as const;

const CONVERSATION = savedConversation('themes-1', 'Themes', [
  { role: 'user', content: 'How do I add two numbers?' },
  {
    role: 'assistant',
    content:
      'Use **addition**, with a [link](https://example.com):\n\n```ts\nexport const add = (a: number, b: number): number => a + b;\n```\n',
  },
]);

const MATH = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';

/** Every icon button of a webview (toolbar buttons, `…` buttons and their open menus' items). */
const ICON_BUTTONS = 'button.icon-button, button.action-button, button.action-more';

type Contrasts = Record<string, number>;

/**
 * WCAG contrast of the text (or glyph) colour of each element against the first opaque
 * background behind it: `parts` by selector, and every shown icon button by its accessible name.
 * Runs in the webview's page.
 */
function measureContrasts(body: HTMLElement, input: { parts: Record<string, string>; buttons: string }): Contrasts {
  const rgba = (color: string): [number, number, number, number] => {
    const parts = (color.match(/[\d.]+/g) ?? []).map(Number);
    return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
  };
  const background = (element: Element | null): [number, number, number] => {
    for (let current = element; current; current = current.parentElement) {
      const [r, g, b, a] = rgba(getComputedStyle(current).backgroundColor);
      if (a > 0.5) {
        return [r, g, b];
      }
    }
    // An editor-area webview paints no background of its own: the editor's shows through.
    const editor = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(
      getComputedStyle(body.ownerDocument.documentElement).getPropertyValue('--vscode-editor-background').trim(),
    );
    return editor ? [parseInt(editor[1] ?? 'ff', 16), parseInt(editor[2] ?? 'ff', 16), parseInt(editor[3] ?? 'ff', 16)] : [255, 255, 255];
  };
  const luminance = ([r, g, b]: [number, number, number]): number => {
    const channel = (value: number): number => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (element: Element | null): number => {
    if (!element) {
      return 0;
    }
    const [r, g, b] = rgba(getComputedStyle(element).color);
    const light = [luminance([r, g, b]), luminance(background(element))].sort((x, y) => y - x);
    return ((light[0] ?? 0) + 0.05) / ((light[1] ?? 0) + 0.05);
  };
  const result: Contrasts = {};
  for (const [name, selector] of Object.entries(input.parts)) {
    result[name] = contrast(body.querySelector(selector));
  }
  for (const button of Array.from(body.querySelectorAll<HTMLElement>(input.buttons))) {
    if (button.closest('[hidden]') === null && button.getClientRects().length > 0) {
      const glyph = button.querySelector('.codicon');
      assert(glyph !== null && glyph.getBoundingClientRect().width > 0, `${button.className} shows no codicon`);
      result[`button “${button.getAttribute('aria-label') ?? button.className}”`] = contrast(button);
    }
  }
  return result;

  function assert(condition: boolean, message: string): void {
    if (!condition) {
      throw new Error(message);
    }
  }
}

/** Waits until the webview has loaded the codicon font (the CSP lets it in), and the glyphs have width. */
async function waitForCodicons(view: FrameLocator): Promise<void> {
  await waitFor(
    'the codicon font loaded in the webview',
    () =>
      view.locator('body').evaluate(async (body) => {
        await body.ownerDocument.fonts.ready;
        const statuses: string[] = [];
        body.ownerDocument.fonts.forEach((font) => {
          if (font.family.replace(/"/g, '') === 'codicon') {
            statuses.push(font.status);
          }
        });
        return statuses;
      }),
    (statuses) => statuses.includes('loaded'),
    { timeoutMs: 20_000 },
  );
}

function check(theme: string, view: string, contrasts: Contrasts): void {
  for (const [part, ratio] of Object.entries(contrasts)) {
    assert.ok(ratio >= 4.5, `${theme}, ${view}: ${part} has contrast ${ratio.toFixed(2)}:1`);
  }
  console.log(
    `      ${view}: ${Object.entries(contrasts)
      .map(([part, ratio]) => `${part} ${ratio.toFixed(1)}`)
      .join(', ')}`,
  );
}

describe('The chat and the reply view in light, dark and high-contrast themes', function () {
  this.timeout(300_000);
  const ui = useWorkbenchPerTest({ screenshots: 'themes', emulator: { apiKey: 'themes-ui-key-71c0' } });

  for (const theme of THEMES) {
    it(`${theme.id}: both views follow the theme, and text, code and every icon button stay readable (contrast ≥ 4.5:1)`, async () => {
      const name = theme.id.toLowerCase().replace(/\s+/g, '-');
      const workbench = await ui.open({
        files: { 'src/math.ts': MATH },
        settings: { 'workbench.colorTheme': theme.id },
        clusters: [{ id: 'demo', label: 'Demo' }],
        userData: { [conversationPath('themes-1')]: CONVERSATION },
        apiKey: true,
        cluster: 'Demo',
      });

      await workbench.openChat();
      const chat = workbench.chatView();
      const block = chat.locator('li.chat-message[data-index="1"] .code-block');
      await block.waitFor({ timeout: 30_000 });
      await chat.locator(`body.${theme.bodyClass}`).waitFor({ timeout: 30_000 });
      await chat.locator('li.chat-message[data-index="1"] .hljs-keyword').first().waitFor({ timeout: 30_000 });
      await waitForCodicons(chat);
      await block.hover();
      await chat.locator('li.chat-message[data-index="1"] .code-block.is-hovered').waitFor({ timeout: 10_000 });
      check(
        theme.id,
        'chat',
        await chat.locator('body').evaluate(measureContrasts, {
          parts: {
            'user message': 'li.chat-message[data-index="0"] .message-content',
            'reply text': 'li.chat-message[data-index="1"] .message-content p',
            'reply link': 'li.chat-message[data-index="1"] .message-content a',
            code: 'li.chat-message[data-index="1"] .code-block code',
            'code keyword': 'li.chat-message[data-index="1"] .hljs-keyword',
            'Send button': 'button.chat-send',
            'message box': '#chat-input',
          },
          buttons: ICON_BUTTONS,
        }),
      );
      await workbench.screenshot(`theme-${name}-chat`);

      // The history list's buttons and the find box's show only when those are open.
      await chat.locator('button[data-command="toggleHistory"]').click();
      await chat.locator('li.history-item button.history-delete').first().waitFor({ timeout: 10_000 });
      await chat.locator('#chat-input').focus();
      await workbench.page.keyboard.press('Control+f');
      await chat.locator('.chat-find:not([hidden]) button.chat-find-close').waitFor({ timeout: 10_000 });
      check(theme.id, 'chat history and find', await chat.locator('body').evaluate(measureContrasts, { parts: {}, buttons: ICON_BUTTONS }));

      await workbench.openFile('src/math.ts');
      await workbench.selectLines('math.ts', 1, 3);
      await workbench.runCommand('Cluster Chat: Explain');
      const reply = workbench.webview();
      const replyBlock = reply.locator('.code-block[data-block-index="0"]');
      await replyBlock.waitFor({ timeout: 30_000 });
      await reply.locator(`body.${theme.bodyClass}`).waitFor({ timeout: 30_000 });
      await waitForCodicons(reply);
      await replyBlock.hover();
      await reply.locator('.code-block.is-hovered').waitFor({ timeout: 10_000 });
      await reply.locator('.code-block[data-block-index="0"] .code-actions > button.action-more').click();
      await reply
        .locator('.code-block[data-block-index="0"] .action-menu:not([hidden]) [role="menuitem"]')
        .first()
        .waitFor({ timeout: 10_000 });
      check(
        theme.id,
        'reply',
        await reply.locator('body').evaluate(measureContrasts, {
          parts: { title: '.reply-title', 'reply text': '#reply p', code: '.code-block code' },
          buttons: ICON_BUTTONS,
        }),
      );
      await workbench.screenshot(`theme-${name}-reply`);
    });
  }
});
