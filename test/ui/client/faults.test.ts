import * as assert from 'node:assert/strict';
import { FAULT_CLUSTERS } from '../../../scripts/emulator/faults/faultClusters';
import { waitUntil } from '../../../scripts/workbench/wait';
import { useWorkbench } from '../helpers/useWorkbench';

/**
 * What each emulator cluster does to a chat turn: the message the user must see (or a reply), and
 * how many POSTs the emulator may receive for one send. More than one only where a retry is
 * provably safe (429/503 with a short Retry-After: the service did not process the request).
 */
const EXPECTED: Record<(typeof FAULT_CLUSTERS)[number]['id'], { readonly shows: RegExp | 'reply'; readonly posts: number }> = {
  'fault-429': { shows: /limiting requests \(HTTP 429\)\. Wait 1 second, then try again/, posts: 3 },
  'fault-429-once': { shows: 'reply', posts: 2 },
  'fault-403': { shows: /no access to cluster “fault-403” \(HTTP 403\)/, posts: 1 },
  'fault-422': { shows: /rejected the request as invalid \(HTTP 422\)/, posts: 1 },
  'fault-500': { shows: /failed while handling the request \(HTTP 500\).*may already have acted on the request/, posts: 1 },
  'fault-502': { shows: /failed while handling the request \(HTTP 502\).*may already have acted on the request/, posts: 1 },
  'fault-503': { shows: /temporarily unavailable \(HTTP 503\)/, posts: 3 },
  'fault-hang': { shows: /did not answer within 4 seconds\. It may still be working/, posts: 1 },
  'fault-slow-body': { shows: 'reply', posts: 1 },
  'fault-reset': { shows: /closed before the reply was complete\. The cluster may have processed the request/, posts: 1 },
  'fault-malformed-json': { shows: /not JSON|not valid JSON/i, posts: 1 },
  'fault-no-assistant': { shows: /no assistant message/, posts: 1 },
  'fault-huge': { shows: /too large to read/, posts: 1 },
  'fault-redirect': { shows: /redirect/i, posts: 1 },
  'fault-text-plain': { shows: /not JSON|text\/plain/i, posts: 1 },
  'slow-good': { shows: 'reply', posts: 1 },
  echo: { shows: 'reply', posts: 1 },
  transcript: { shows: 'reply', posts: 1 },
};

describe('Every emulator fault through the chat: clear message, nothing lost, Retry works, no unsafe duplicate', function () {
  this.timeout(600_000);
  const ui = useWorkbench({
    emulator: { apiKey: 'faults-ui-key-41d0', slowMs: 1000, hugeReplyBytes: 17 * 1024 * 1024 },
    clusters: [{ id: 'demo' }, ...FAULT_CLUSTERS.map((cluster) => ({ id: cluster.id }))],
    settings: { 'clusterChat.requestTimeoutSeconds': 4 },
    apiKey: true,
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await ui.workbench.screenshot('failed-faults');
    }
  });

  async function selectCluster(id: string): Promise<void> {
    await ui.workbench.selectCluster(id);
    await ui.workbench.openChat();
  }

  it(`${FAULT_CLUSTERS.length} clusters, each sent one message`, async () => {
    const chat = ui.workbench.chatView();
    const input = chat.locator('#chat-input');
    const tally = { faults: 0, errorsShown: 0, replies: 0, retried: 0, posts: 0 };
    for (const { id } of FAULT_CLUSTERS) {
      const expected = EXPECTED[id];
      await selectCluster(id);
      const before = await ui.workbench.chatMessageCount();
      const postsBefore = ui.emulator.stats().clusters[id]?.received ?? 0;
      await input.fill(`Message for ${id}`);
      await ui.workbench.page.keyboard.press('Enter');
      tally.faults += 1;
      if (expected.shows === 'reply') {
        await chat.locator(`li.chat-message[data-index="${before + 1}"][data-role="assistant"]`).waitFor({ timeout: 30_000 });
        tally.replies += 1;
      } else {
        const error = chat.locator(`.chat-error[data-index="${before}"]`);
        await error.waitFor({ timeout: 30_000 });
        assert.match(await error.locator('.chat-error-message').innerText(), expected.shows, id);
        assert.equal(await ui.workbench.chatMessageCount(), before + 1, `${id}: the user’s message stays`);
        assert.match(await chat.locator(`li.chat-message[data-index="${before}"]`).innerText(), new RegExp(`Message for ${id}`));
        tally.errorsShown += 1;
        // A draft typed after the failure survives switching cluster and retrying.
        await input.fill(`draft after ${id}`);
        await selectCluster('demo');
        await chat.locator(`.chat-error[data-index="${before}"] button[data-error-action="retry"]`).click();
        await chat.locator(`li.chat-message[data-index="${before + 1}"][data-role="assistant"]`).waitFor({ timeout: 30_000 });
        assert.equal(await chat.locator('.chat-error').count(), 0, `${id}: Retry on a working cluster clears the error`);
        assert.equal(await input.inputValue(), `draft after ${id}`, `${id}: the draft is intact`);
        await input.fill('');
        tally.retried += 1;
      }
      await waitUntil(`${id}: every request to it to be finished`, () =>
        ui.emulator
          .stats()
          .requests.filter((request) => request.clusterId === id)
          .every((request) => request.outcome !== 'pending'),
      );
      const posts = (ui.emulator.stats().clusters[id]?.received ?? 0) - postsBefore;
      assert.equal(posts, expected.posts, `${id}: ${posts} POSTs for one send`);
      tally.posts += posts;
    }
    await ui.workbench.screenshot('faults-conversation');
    const total = await ui.workbench.chatMessageCount();
    assert.equal(total, 2 * FAULT_CLUSTERS.length, 'every message and one reply for each is in the conversation');
    console.log(
      `      (${tally.faults} faults tried: ${tally.errorsShown} clear errors, ${tally.replies} replies, ${tally.retried} retried to success; ${tally.posts} POSTs to fault clusters, duplicates only after 429/503; ${total} messages kept)`,
    );
  });
});
