import * as assert from 'node:assert/strict';
import { conversationPath, savedConversation } from './helpers/savedConversation';
import { Workbench } from './helpers/workbench';

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

describe('The chat in light, dark and high-contrast themes', function () {
  this.timeout(300_000);
  let workbench: Workbench | undefined;

  afterEach(async function () {
    await workbench?.screenshotIfFailed(this.currentTest, 'themes');
    await workbench?.close();
    workbench = undefined;
  });

  for (const theme of THEMES) {
    it(`${theme.id}: the view follows the theme, and text, code and buttons stay readable (contrast ≥ 4.5:1)`, async () => {
      workbench = await Workbench.open({
        settings: { 'workbench.colorTheme': theme.id },
        userData: { [conversationPath('themes-1')]: CONVERSATION },
      });
      await workbench.openChat();
      const chat = workbench.chatView();
      await chat.locator('li.chat-message[data-index="1"] .code-block').waitFor({ timeout: 30_000 });
      await chat.locator(`body.${theme.bodyClass}`).waitFor({ timeout: 30_000 });
      await chat.locator('li.chat-message[data-index="1"] .hljs-keyword').first().waitFor({ timeout: 30_000 });

      const contrasts = await chat.locator('body').evaluate((body) => {
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
          return [255, 255, 255];
        };
        const luminance = ([r, g, b]: [number, number, number]): number => {
          const channel = (value: number): number => {
            const c = value / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          };
          return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        };
        const contrast = (selector: string): number => {
          const element = body.querySelector(selector);
          if (!element) {
            return 0;
          }
          const [r, g, b] = rgba(getComputedStyle(element).color);
          const light = [luminance([r, g, b]), luminance(background(element))].sort((x, y) => y - x);
          return ((light[0] ?? 0) + 0.05) / ((light[1] ?? 0) + 0.05);
        };
        return {
          'user message': contrast('li.chat-message[data-index="0"] .message-content'),
          'reply text': contrast('li.chat-message[data-index="1"] .message-content p'),
          'reply link': contrast('li.chat-message[data-index="1"] .message-content a'),
          code: contrast('li.chat-message[data-index="1"] .code-block code'),
          'code keyword': contrast('li.chat-message[data-index="1"] .hljs-keyword'),
          'code block button': contrast('li.chat-message[data-index="1"] .code-block button'),
          'Send button': contrast('button.chat-send, button[type="submit"]'),
          'message box': contrast('#chat-input'),
        };
      });
      await workbench.screenshot(`theme-${theme.id.toLowerCase().replace(/\s+/g, '-')}`);
      for (const [part, ratio] of Object.entries(contrasts)) {
        assert.ok(ratio >= 4.5, `${theme.id}: ${part} has contrast ${ratio.toFixed(2)}:1`);
      }
      console.log(
        `      (${Object.entries(contrasts)
          .map(([part, ratio]) => `${part} ${ratio.toFixed(1)}`)
          .join(', ')})`,
      );
    });
  }
});
