import * as assert from 'node:assert/strict';
import { heavyReplies } from '../../../scripts/bench/heavyReplies';
import {
  checkProbeSeesLongTasks,
  finishRenderProbe,
  startRenderProbe,
  TASK_BUDGET_MS,
  type RenderRecord,
} from '../../../scripts/bench/renderProbe';
import { useWorkbench } from '../helpers/useWorkbench';

/**
 * What fails this test is a freeze: a task of over FREEZE_MS, or a reply not whole within
 * WHOLE_MS. The frame budget itself (no task over TASK_BUDGET_MS, whole within 1 s) is a
 * performance target and lives in `npm run bench`, measured on an idle machine: on a loaded
 * 2-core machine a garbage collection alone can pass 50 ms. Every task over TASK_BUDGET_MS is
 * printed, so a run shows how close each reply came. Before the sliced rendering these replies
 * held the view for 218 ms (5,000 nested brackets) to 28.8 s (a 200,000-character line).
 */
const FREEZE_MS = 200;
const WHOLE_MS = 5000;
const ASK = 'heavy reply: ';
const REPLIES = heavyReplies();

/** What went over a budget, one line a reply, or nothing. */
function overBudget(records: ReadonlyMap<string, RenderRecord>): string[] {
  return [...records]
    .filter(([, record]) => record.renderMs > WHOLE_MS || record.longTasks.some((task) => task > FREEZE_MS))
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
    console.log(`      (${view}: ${name} whole in ${Math.round(record.renderMs)} ms, ${tasks})`);
  }
}

describe('Heavy replies in the real workbench: no freeze', function () {
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

  it(`renders each heavy reply in the chat without a freeze (no task over ${FREEZE_MS} ms, whole within ${WHOLE_MS} ms) while it renders and scrolls`, async () => {
    await ui.workbench.openChat();
    const chat = ui.workbench.chatView();
    await checkProbeSeesLongTasks(chat);
    const records = new Map<string, RenderRecord>();
    for (const reply of REPLIES) {
      await ui.workbench.runCommand('Cluster Chat: New Chat');
      await chat.locator('li.chat-message').first().waitFor({ state: 'detached' });
      await startRenderProbe(chat, 'li.chat-message[data-index="1"] .message-content');
      const input = chat.locator('#chat-input');
      await input.click();
      await input.fill(`${ASK}${reply.name}.`);
      await ui.workbench.page.keyboard.press('Enter');
      records.set(reply.name, await finishRenderProbe(chat, '.chat-scroll', `the chat's reply "${reply.name}"`));
    }
    await ui.workbench.screenshot('heavy-replies-chat');
    report('chat', records);
    assert.deepEqual(overBudget(records), []);
  });

  it(`renders each heavy reply in the reply view without a freeze (no task over ${FREEZE_MS} ms, whole within ${WHOLE_MS} ms) while it renders and scrolls`, async () => {
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
