import * as assert from 'node:assert/strict';
import { heavyReplies } from '../../../scripts/bench/heavyReplies';
import {
  checkProbeSeesLongTasks,
  finishRenderProbe,
  startRenderProbe,
  TASK_BUDGET_MS,
  WORKBENCH_FREEZE_MS,
  type RenderRecord,
} from '../../../scripts/bench/renderProbe';
import { useWorkbench } from '../helpers/useWorkbench';

/**
 * Heavy replies in the real workbench: each is whole within WHOLE_MS of appearing, and no task of
 * the webview's frame (its scripts, its layout; the `longtask` entries attributed to it) passes
 * WORKBENCH_FREEZE_MS while it renders and is scrolled through. Every task over TASK_BUDGET_MS and
 * every reply slower than WHOLE_BUDGET_MS is printed, so a run shows how close each came. Before
 * the sliced rendering these replies held the view for 218 ms (5,000 nested brackets) to 28.8 s (a
 * 200,000-character line).
 */
const WHOLE_BUDGET_MS = 1000;
/** Twice the budget, for the reason WORKBENCH_FREEZE_MS gives. */
const WHOLE_MS = 2 * WHOLE_BUDGET_MS;
const ASK = 'heavy reply: ';
const REPLIES = heavyReplies();

/** What went over a budget, one line a reply, or nothing. */
function overBudget(records: ReadonlyMap<string, RenderRecord>): string[] {
  return [...records]
    .filter(([, record]) => record.renderMs > WHOLE_MS || record.longTasks.some((task) => task > WORKBENCH_FREEZE_MS))
    .map(
      ([name, record]) =>
        `${name}: rendered in ${Math.round(record.renderMs)} ms, long tasks ${JSON.stringify(record.longTasks.map(Math.round))}`,
    );
}

function report(view: string, records: ReadonlyMap<string, RenderRecord>): void {
  for (const [name, record] of records) {
    const longest = record.longTasks[0] ?? 0;
    const tasks =
      longest > TASK_BUDGET_MS ? `longest task ${Math.round(longest)} ms, over the frame budget` : `no task over ${TASK_BUDGET_MS} ms`;
    const whole = record.renderMs > WHOLE_BUDGET_MS ? ' (over the 1 s budget)' : '';
    console.log(`      (${view}: ${name} whole in ${Math.round(record.renderMs)} ms${whole}, ${tasks})`);
  }
}

describe('Heavy replies in the real workbench: no freeze, the frame budget printed', function () {
  this.timeout(600_000);
  const ui = useWorkbench({
    screenshots: 'heavy-replies',
    // The cluster answers "heavy reply: <name>" with that reply, wherever the request says it.
    emulator: {
      apiKey: 'heavy-ui-key-1b7d',
      scriptedReply: (last) => REPLIES.find((reply) => last.includes(`${ASK}${reply.name}.`))?.markdown,
    },
    files: {
      'ask/first.txt': 'What is a cluster?\n',
      ...Object.fromEntries(REPLIES.map((reply, index) => [`ask/${index}.txt`, `${ASK}${reply.name}.\n`])),
    },
    clusters: [{ id: 'demo', label: 'Demo' }],
    apiKey: true,
    cluster: 'Demo',
  });

  it(`renders each heavy reply in the chat with no task over ${WORKBENCH_FREEZE_MS} ms, whole within ${WHOLE_MS} ms, while it renders and scrolls`, async () => {
    await ui.workbench.openChat();
    const chat = ui.workbench.chatView();
    await checkProbeSeesLongTasks(chat);
    // A first, ordinary exchange, as in the reply view: the budget is the heavy replies', not the
    // chat's first use.
    const input = chat.locator('#chat-input');
    await input.click();
    await input.fill('What is a cluster?');
    await ui.workbench.page.keyboard.press('Enter');
    await chat.locator('li.chat-message[data-index="1"] .message-content p').first().waitFor({ timeout: 60_000 });
    const records = new Map<string, RenderRecord>();
    for (const reply of REPLIES) {
      await ui.workbench.runCommand('Cluster Chat: New Chat');
      await chat.locator('li.chat-message').first().waitFor({ state: 'detached' });
      await startRenderProbe(chat, 'li.chat-message[data-index="1"] .message-content');
      await input.click();
      await input.fill(`${ASK}${reply.name}.`);
      await ui.workbench.page.keyboard.press('Enter');
      records.set(reply.name, await finishRenderProbe(chat, '.chat-scroll', `the chat's reply "${reply.name}"`));
    }
    await ui.workbench.screenshot('heavy-replies-chat');
    report('chat', records);
    assert.deepEqual(overBudget(records), []);
  });

  it(`renders each heavy reply in the reply view with no task over ${WORKBENCH_FREEZE_MS} ms, whole within ${WHOLE_MS} ms, while it renders and scrolls`, async () => {
    // A first, ordinary reply opens the view; each heavy one then replaces what it shows.
    await ui.workbench.openFile('ask/first.txt');
    await ui.workbench.selectLines('first.txt', 1, 1);
    await ui.workbench.runCommand('Cluster Chat: Explain');
    const view = ui.workbench.webview();
    await view.locator('#reply p').first().waitFor({ timeout: 60_000 });
    await checkProbeSeesLongTasks(view);
    const records = new Map<string, RenderRecord>();
    for (const [index, reply] of REPLIES.entries()) {
      await ui.workbench.openFile(`ask/${index}.txt`);
      await ui.workbench.selectLines(`${index}.txt`, 1, 1);
      await startRenderProbe(view, '#reply');
      await ui.workbench.runCommand('Cluster Chat: Explain');
      records.set(reply.name, await finishRenderProbe(view, 'html', `the reply view's "${reply.name}"`));
    }
    await ui.workbench.screenshot('heavy-replies-reply-view');
    report('reply view', records);
    assert.equal(records.size, REPLIES.length);
    assert.deepEqual(overBudget(records), []);
  });
});
