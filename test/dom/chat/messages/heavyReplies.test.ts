import * as assert from 'node:assert/strict';
import type { ReplyViewModel } from '../../../../src/replies/common/hostToReplySchema';
import { RENDERING_ATTRIBUTE } from '../../../../src/codeBlocks/browser/progressiveReply';
import { RenderedContents } from '../../../../src/chat/browser/messages/renderedContents';
import { hasQueuedWork } from '../../../../src/base/browser/sliceQueue';
import { heavyReplies } from '../../../../scripts/bench/heavyReplies';
import { xssCorpus } from '../../../ui/fixtures/xssCorpus';
import { appended, assistant, chatState, user } from '../../helpers/chatFixtures';
import { usePage, type Page } from '../../helpers/page';
import { all } from '../../helpers/query';
import { ChatPage, ReplyPage } from '../../helpers/views';

/** Elements one task may put on the page: about what Chromium lays out within a frame's budget. */
const ELEMENTS_PER_TASK = 2_000;

interface Steps {
  readonly tasks: number;
  /** The most elements one task added, and the reply it was in. */
  readonly mostElements: number;
}

/** Runs the page's tasks one at a time, a frame after each, until `content` is whole. */
function renderStepByStep(page: Page, content: () => Element): Steps {
  let tasks = 0;
  let mostElements = 0;
  let before = content().getElementsByTagName('*').length;
  while (content().hasAttribute(RENDERING_ATTRIBUTE) || hasQueuedWork()) {
    assert.ok(tasks < 5_000, 'the reply is rendered in a bounded number of tasks');
    if (page.clock.pendingTimers > 0) {
      page.clock.next();
    }
    page.clock.frame();
    const now = content().getElementsByTagName('*').length;
    mostElements = Math.max(mostElements, now - before);
    before = now;
    tasks++;
  }
  return { tasks, mostElements };
}

describe('Heavy replies render in bounded steps', () => {
  const page = usePage();

  for (const reply of heavyReplies()) {
    it(`${reply.name}: in the chat, in steps of at most ${ELEMENTS_PER_TASK} elements, the whole reply in the end`, () => {
      const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'Show me.')] }));
      chat.receive(appended([assistant(1, reply.markdown)]));
      const content = (): Element => chat.message(1).querySelector('.message-content') ?? chat.message(1);
      const steps = renderStepByStep(page, content);
      assert.ok(steps.mostElements <= ELEMENTS_PER_TASK, `${reply.name}: one task added ${steps.mostElements} elements`);
      assert.ok(content().textContent?.includes(reply.check), `${reply.name}: the reply is whole (it ends with “${reply.check}”)`);
    });
  }

  it('shows a long reply in the reply view in steps too, and a new reply stops the old one filling in', () => {
    const [table] = heavyReplies();
    assert.ok(table);
    const reply = (markdown: string, replyId: string): ReplyViewModel => ({
      replyId,
      title: 'Explain',
      cluster: 'Demo',
      markdown,
      actions: ['copy'],
    });
    const view = ReplyPage.mount(page, { type: 'showReply', reply: reply(table.markdown, 'r1') });
    assert.ok(view.content.hasAttribute(RENDERING_ATTRIBUTE), 'the long reply fills in over later tasks');
    assert.ok(all(view.content, 'tr').length < 200, 'its first task showed only its first rows');
    view.receive({ type: 'showReply', reply: reply('A short answer.', 'r2') });
    page.clock.runAll();
    assert.equal(view.content.textContent?.trim(), 'A short answer.', 'nothing of the old reply comes after the new one');
    assert.equal(view.content.hasAttribute(RENDERING_ATTRIBUTE), false);
  });

  it('renders the hostile corpus through the sliced path without any active content', () => {
    // A link reference definition keeps a reply in one segment: those payloads are left out here.
    const corpus = xssCorpus('http://127.0.0.1:9')
      .map((payload) => payload.markdown)
      .filter((markdown) => !/^ {0,3}\[[^\]]+\]:/m.test(markdown))
      .join('\n\n');
    const padded = `${corpus}\n\n${'Filler paragraph, so the reply is cut into segments.\n\n'.repeat(400)}`;
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'Show me.')] }));
    chat.receive(appended([assistant(1, padded)]));
    page.clock.runAll();
    const content = chat.message(1).querySelector('.message-content');
    assert.ok(content && all(content, '.md-segment').length > 1, 'the reply came in segments');
    assert.deepEqual(
      all(content, 'script, iframe, object, embed, style, form, svg, math, img, video, link, meta, base').map((element) => element.tagName),
      [],
    );
    const handlers = all(content, '*').filter((element) => element.getAttributeNames().some((name) => /^on|^style$|^src/i.test(name)));
    assert.deepEqual(
      handlers.map((element) => element.tagName),
      [],
    );
    assert.ok(all(content, 'a[href]').every((link) => /^https?:\/\//.test(link.getAttribute('href') ?? '')));
  });
});

describe('What a message rendered is kept for when it scrolls back in', () => {
  usePage();

  it('shows the same nodes again, keeps no reply still filling in, and forgets the oldest past 4 MB', () => {
    const contents = new RenderedContents();
    const short = assistant(1, 'A reply with `code`.');
    const first = contents.contentOf(short, false, () => undefined);
    contents.keep(short, first);
    assert.equal(
      contents.contentOf(short, false, () => undefined),
      first,
      'the same element, not a new rendering',
    );
    assert.notEqual(
      contents.contentOf(short, false, () => undefined),
      first,
      'taken once: the list owns it again',
    );

    const [table] = heavyReplies();
    assert.ok(table);
    const long = assistant(3, table.markdown);
    const filling = contents.contentOf(long, false, () => undefined);
    assert.ok(filling.hasAttribute(RENDERING_ATTRIBUTE));
    contents.keep(long, filling);
    assert.notEqual(
      contents.contentOf(long, false, () => undefined),
      filling,
      'a reply still filling in is not kept',
    );

    const big = (index: number): ReturnType<typeof assistant> => assistant(index, 'x'.repeat(1_500_000));
    const kept = [big(5), big(7), big(9)].map((message) => {
      const element = document.createElement('div');
      contents.keep(message, element);
      return { message, element };
    });
    const oldest = kept[0];
    const newest = kept[2];
    assert.ok(oldest && newest);
    assert.notEqual(
      contents.contentOf(oldest.message, false, () => undefined),
      oldest.element,
      'the oldest went past 4 MB',
    );
    assert.equal(
      contents.contentOf(newest.message, false, () => undefined),
      newest.element,
    );
  });
});
