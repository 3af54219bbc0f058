import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type RunningEmulator, startEmulator } from '../emulator/server';
import { type IndexEntry, writeIndex } from '../../src/conversations/node/conversationIndex';
import { ConversationLogFiles } from '../../src/conversations/node/conversationLogFiles';
import { searchConversations } from '../../src/conversations/node/searchConversationFiles';
import { Workbench } from '../workbench/workbench';
import { type Figure, percentile } from './figures';
import { conversationFiles, makeConversationFiles, MANY, MESSAGES_EACH, OLD_WORD, RARE_WORD, windowUserData } from './historyFiles';

/** The chat page's mark when its newest messages are first on screen (src/webview/markdown/renderMarks.ts). */
const FIRST_RENDER_MARK = 'cluster-chat:first-render';

/** First results and the whole search, over `count` conversations written to a temporary folder. */
export async function measureSearch(log: (line: string) => void): Promise<Figure[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-bench-search-'));
  try {
    let bytes = 0;
    // Made for the search alone, not kept for the windows: a search with 100 MB more live in this process collects slower.
    for (const [name, content] of makeConversationFiles(MANY)) {
      fs.writeFileSync(path.join(folder, name), content);
      bytes += name.endsWith('.jsonl') ? Buffer.byteLength(content) : 0;
    }
    const files = new ConversationLogFiles(folder);
    const entries = (JSON.parse(fs.readFileSync(path.join(folder, 'index.json'), 'utf8')) as { entries: IndexEntry[] }).entries;
    await writeIndex(folder, entries);
    const search = async (word: string) => {
      const first: number[] = [];
      const whole: number[] = [];
      let hits = 0;
      for (let run = 0; run <= 5; run++) {
        const started = performance.now();
        let firstAt: number | undefined;
        hits = 0;
        await searchConversations(
          entries,
          (id) => files.logOf(id),
          word,
          (batch) => {
            firstAt ??= performance.now() - started;
            hits += batch.length;
          },
        );
        if (run > 0) {
          first.push(firstAt ?? Number.NaN);
          whole.push(performance.now() - started);
        }
      }
      return { first: percentile(first, 50), whole: percentile(whole, 50), hits };
    };
    const spread = await search(RARE_WORD);
    const oldest = await search(OLD_WORD);
    log(
      `  ${MANY} conversations, ${(bytes / 1024 ** 2).toFixed(1)} MB of logs; "${RARE_WORD}" is in ${spread.hits} spread over the history, "${OLD_WORD}" in the oldest ${oldest.hits}; median of 5 searches`,
    );
    return [
      {
        area: 'History',
        name: `search, first results (${MANY} conversations, matches spread)`,
        value: spread.first,
        unit: 'ms',
        budget: 200,
      },
      {
        area: 'History',
        name: `search, first results (${MANY} conversations, matches only in the oldest 1%)`,
        value: oldest.first,
        unit: 'ms',
        // The worst case: every log is read before the first hit, and it still has to arrive in time.
        budget: 200,
      },
      { area: 'History', name: `search, all results (${MANY} conversations)`, value: spread.whole, unit: 'ms' },
    ];
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

interface OpenAndTurns {
  readonly openMs: number;
  readonly turnMs: readonly number[];
}

/** Windows per side, alternating; a window's open time varies by a few hundred ms whatever the history. */
const WINDOWS = 5;
const TURNS_EACH = 5;

/** In a fresh window: the chat view opened on the active conversation, then one turn after another. */
async function openAndTurns(count: number, turns: number): Promise<OpenAndTurns> {
  const emulator = await startEmulator({ apiKey: 'bench-history-key' });
  try {
    return await turnsInWindow(emulator, count, turns);
  } finally {
    // Also when the window could not open, so the run ends instead of waiting on the emulator.
    await emulator.close();
  }
}

async function turnsInWindow(emulator: RunningEmulator, count: number, turns: number): Promise<OpenAndTurns> {
  const userData = windowUserData(count);
  const workbench = await Workbench.open({
    settings: { 'clusterChat.baseUrl': emulator.baseUrl, 'clusterChat.clusters': [{ id: 'demo', label: 'Demo' }] },
    userData,
  });
  try {
    await workbench.runCommand('Cluster Chat: Set API Key');
    await workbench.answerInputBox(/API Key for/, emulator.apiKey);
    await workbench.selectCluster('Demo');
    const chat = workbench.chatView();
    await workbench.runCommand('Cluster Chat: Focus on Cluster Chat View');
    await chat.locator(`li.chat-message[data-index="${MESSAGES_EACH - 1}"] .message-content`).waitFor({ timeout: 60_000 });
    // From the chat page's start to its newest messages on screen: the page loading, the host reading the
    // history and the active conversation, and the first render. The palette and the view's frame,
    // which vary by a second between windows whatever the history, are left out.
    const openMs = await chat
      .locator('body')
      .evaluate((_body, mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN, FIRST_RENDER_MARK);
    const turnTimes: number[] = [];
    for (let turn = 0; turn < turns; turn++) {
      const reply = MESSAGES_EACH + turn * 2 + 1;
      const started = performance.now();
      await chat.locator('#chat-input').fill(`Turn ${turn}`);
      await workbench.page.keyboard.press('Enter');
      await chat.locator(`li.chat-message[data-index="${reply}"][data-role="assistant"] .message-content`).waitFor({ timeout: 60_000 });
      turnTimes.push(performance.now() - started);
    }
    return { openMs, turnMs: turnTimes };
  } finally {
    await workbench.close();
  }
}

/**
 * The history at scale: search in process over 5,000 conversations (~50 MB), and in the real
 * workbench (packaged .vsix) opening the chat and taking turns with 5,000 saved conversations
 * against one, alternating windows, as ratios so the budgets hold on any machine. Both sides'
 * windows hold the same files on disk (see `windowUserData`).
 */
export async function measureHistory(log: (line: string) => void): Promise<Figure[]> {
  const figures = await measureSearch(log);
  const runs = new Map<number, OpenAndTurns[]>([
    [1, []],
    [MANY, []],
  ]);
  [...runs.keys()].forEach(conversationFiles);
  // Each round in the other order than the one before, so neither side always follows the other's teardown.
  for (let round = 0; round < WINDOWS; round++) {
    const order = round % 2 === 0 ? [...runs] : [...runs].reverse();
    for (const [count, results] of order) {
      results.push(await openAndTurns(count, TURNS_EACH));
    }
  }
  // Open: the median window. Turn: the median of every turn of every window, so one slow window
  // (a garbage collection, a late font) moves it less than a median of five medians would.
  const openMs = (count: number) =>
    percentile(
      (runs.get(count) ?? []).map((run) => run.openMs),
      50,
    );
  const turnMs = (count: number) =>
    percentile(
      (runs.get(count) ?? []).flatMap((run) => run.turnMs),
      50,
    );
  const openAndTurn = (count: number) => openMs(count) + turnMs(count);
  const eachWindow = (count: number) => (runs.get(count) ?? []).map((run) => run.openMs.toFixed(0)).join(', ');
  log(`  chat open by window: ${eachWindow(1)} ms (1) / ${eachWindow(MANY)} ms (${MANY})`);
  log(
    `  chat open ${openMs(1).toFixed(0)} ms / ${openMs(MANY).toFixed(0)} ms, one turn ${turnMs(1).toFixed(0)} ms / ${turnMs(MANY).toFixed(0)} ms (1 / ${MANY} saved conversations; median of ${WINDOWS} windows, of ${WINDOWS * TURNS_EACH} turns)`,
  );
  return [
    ...figures,
    {
      area: 'History',
      name: `chat page open until the conversation shows, plus one turn, ${MANY} saved conversations vs 1`,
      value: openAndTurn(MANY) / openAndTurn(1),
      unit: '×',
      budget: 1.1,
    },
    {
      area: 'History',
      name: `one turn, ${MANY} saved conversations vs 1`,
      value: turnMs(MANY) / turnMs(1),
      unit: '×',
      budget: 1.1,
    },
  ];
}
