import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitUntil } from '../../../scripts/workbench/wait';
import { conversationPath } from '../helpers/savedConversation';
import { startNewChat } from '../helpers/newChat';
import type { SuiteWorkbench } from '../helpers/useWorkbench';

export interface ChatSteps {
  /** The Demo cluster selected and a new conversation of three turns, the third asking for the word-count action. */
  readonly threeTurns: () => Promise<void>;
  /** Types a two-line draft into the message box without sending it, and waits until it is saved. */
  readonly typeDraft: (firstLine: string) => Promise<string>;
  /** Reloads the window and waits until the chat shows the three-turn conversation again. */
  readonly reloadToThreeTurns: () => Promise<void>;
  /** The Slow cluster selected, a message sent to it in a new conversation and stopped once the cluster has it. */
  readonly stoppedTurn: () => Promise<void>;
}

/** The steps the sidebar chat's tests take to reach what they check, in `ui`'s open workbench. */
export function chatSteps(ui: SuiteWorkbench): ChatSteps {
  /** The drafts of the conversations the extension has saved in this run's profile. */
  function savedDrafts(): string[] {
    const folder = path.join(ui.workbench.runFolder ?? '', 'user-data', path.dirname(conversationPath('any')));
    return fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((name) => name.endsWith('.draft.json'))
          .map((name) => (JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as { draft?: string }).draft ?? '')
      : [];
  }

  async function sendMessage(text: string, expectedMessages: number): Promise<void> {
    const input = ui.workbench.chatView().locator('#chat-input');
    await input.click();
    await input.fill(text);
    await ui.workbench.page.keyboard.press('Enter');
    await ui.workbench
      .chatView()
      .locator(`li.chat-message[data-index="${expectedMessages - 1}"][data-role="assistant"]`)
      .waitFor({ timeout: 30_000 });
  }

  async function threeTurns(): Promise<void> {
    await ui.workbench.selectCluster('Demo');
    await startNewChat(ui.workbench);
    await sendMessage('First: what is a cluster?', 2);
    await sendMessage('Second: and a custom action?', 4);
    await sendMessage('Third: run action: word-count', 6);
  }

  async function typeDraft(firstLine: string): Promise<string> {
    await ui.workbench.chatView().locator('#chat-input').fill(firstLine);
    await ui.workbench.page.keyboard.press('Shift+Enter');
    await ui.workbench.page.keyboard.type('line two');
    const draft = `${firstLine}\nline two`;
    await waitUntil('the draft saved with the conversation', () => savedDrafts().includes(draft));
    return draft;
  }

  async function reloadToThreeTurns(): Promise<void> {
    await ui.workbench.reload();
    await ui.workbench.openChat();
    await ui.workbench.chatView().locator('li.chat-message[data-index="5"]').waitFor({ timeout: 30_000 });
  }

  async function stoppedTurn(): Promise<void> {
    const chat = ui.workbench.chatView();
    const slow = () => ui.emulator.stats().clusters['slow-good'] ?? { received: 0, completed: 0, aborted: 0 };
    const before = slow();
    await ui.workbench.selectCluster('Slow');
    await startNewChat(ui.workbench);
    await chat.locator('#chat-input').fill('This will take a while');
    await ui.workbench.page.keyboard.press('Enter');
    await chat.locator('.chat-busy').waitFor({ state: 'visible' });
    await waitUntil('the slow cluster to receive the message', () => slow().received === before.received + 1);
    await chat.locator('button.chat-stop').click();
    await waitUntil('the slow request to be aborted', () => slow().aborted === before.aborted + 1);
    await chat.locator('.chat-busy').waitFor({ state: 'hidden' });
  }

  return { threeTurns, typeDraft, reloadToThreeTurns, stoppedTurn };
}
