import * as assert from 'node:assert/strict';
import type { HostToWebviewMessage, ReplyViewModel } from '../../../src/replies/common/hostToReplySchema';
import { FEEDBACK_MS } from '../../../src/codeBlocks/browser/actionFeedback';
import { click } from '../helpers/gestures';
import { usePage } from '../helpers/page';
import { all, attributes, one, textOf } from '../helpers/query';
import { ReplyPage } from '../helpers/views';

const EXPLAIN: ReplyViewModel = {
  replyId: 'r1',
  title: 'Explain · math.ts',
  cluster: 'Demo',
  markdown:
    'It adds **two** numbers.\n\n```ts\nexport const add = (a: number, b: number) => a + b;\n```\n\nUsage:\n\n```ts\nadd(1, 2);\n```\n',
  actions: ['continueInChat', 'copy', 'insert', 'replace'],
};

function show(reply: ReplyViewModel): HostToWebviewMessage {
  return { type: 'showReply', reply };
}

describe('Reply view', () => {
  const page = usePage();

  it('says there is no reply yet, without header or actions, until one arrives', () => {
    const view = ReplyPage.mount(page);
    assert.equal(textOf(one(view.content, 'p.reply-empty')), 'No reply to show yet.');
    assert.equal(view.header.hidden, true);
    assert.equal(view.actions.hidden, true);
    assert.deepEqual(page.host.posted, []);
  });

  it('shows the reply’s title, cluster and highlighted content, and saves it as the view’s state', () => {
    const view = ReplyPage.mount(page, show(EXPLAIN));
    assert.equal(view.header.hidden, false);
    assert.equal(textOf(one(view.header, '.reply-title')), 'Explain · math.ts');
    assert.equal(textOf(one(view.header, '.reply-cluster')), 'Demo');
    assert.equal(textOf(one(view.content, 'strong')), 'two');
    assert.deepEqual(attributes(view.content, '.code-block', 'data-block-index'), ['0', '1']);
    assert.ok(all(view.content, '.code-block .hljs-keyword').length > 0, 'code is highlighted right away');
    assert.equal(all(view.content, 'code.pending-highlight').length, 0);
    assert.deepEqual(page.host.state, { view: 'reply', reply: EXPLAIN });
  });

  it('offers the reply’s actions for the whole reply and for each block, in the usual order', () => {
    const view = ReplyPage.mount(page, show(EXPLAIN));
    assert.equal(view.actions.hidden, false);
    assert.equal(view.actions.getAttribute('role'), 'toolbar');
    assert.deepEqual(
      all(view.actions, 'button').map((button) => [
        button.dataset['action'],
        button.dataset['block'],
        button.getAttribute('aria-label'),
        button.title,
      ]),
      [
        ['copy', 'all', 'Copy (whole reply)', 'Copy'],
        ['insert', 'all', 'Insert at Cursor (whole reply)', 'Insert at Cursor'],
        [undefined, undefined, 'More Actions… (whole reply)', 'More Actions…'],
        ['replace', 'all', 'Replace Selection (whole reply)', 'Replace Selection'],
        ['continueInChat', 'all', 'Continue in Chat (whole reply)', 'Continue in Chat'],
      ],
    );
    const second = one(view.content, '.code-block[data-block-index="1"] .code-actions');
    assert.equal(second.getAttribute('aria-label'), 'Code block 2 actions');
    assert.deepEqual(attributes(second, 'button', 'data-action'), ['copy', 'insert', null, 'replace', 'continueInChat']);
    assert.deepEqual(attributes(second, 'button[data-action]', 'data-block'), ['1', '1', '1', '1']);
  });

  it('offers Show Request for the whole reply only, and posts it as an action on the whole reply', () => {
    const view = ReplyPage.mount(page, show({ ...EXPLAIN, actions: [...EXPLAIN.actions, 'showRequest'] }));
    const button = one(view.actions, 'button[data-action="showRequest"]');
    assert.equal(button.getAttribute('aria-label'), 'Show Request (whole reply)');
    assert.deepEqual(all(view.content, 'button[data-action="showRequest"]'), [], 'no code block offers it');
    click(button);
    assert.deepEqual(page.host.posted, [{ type: 'codeAction', replyId: 'r1', action: 'showRequest', block: 'all' }]);
  });

  it('posts codeAction for a block’s button and for the whole reply', () => {
    const view = ReplyPage.mount(page, show(EXPLAIN));
    click(one(view.content, '.code-block[data-block-index="1"] button[data-action="insert"]'));
    click(one(view.actions, 'button[data-action="continueInChat"]'));
    assert.deepEqual(page.host.posted, [
      { type: 'codeAction', replyId: 'r1', action: 'insert', block: 1 },
      { type: 'codeAction', replyId: 'r1', action: 'continueInChat', block: 'all' },
    ]);
  });

  it('shows the outcome of its own reply on the pressed button, then its label again', () => {
    const view = ReplyPage.mount(page, show(EXPLAIN));
    const copy = one<HTMLButtonElement>(view.content, '.code-block[data-block-index="0"] button[data-action="copy"]');
    click(copy);
    view.receive({ type: 'actionDone', replyId: 'r0', action: 'copy', ok: true });
    assert.equal(copy.title, 'Copy', 'an outcome for another reply is not this one’s');
    view.receive({ type: 'actionDone', replyId: 'r1', action: 'copy', ok: true });
    assert.equal(copy.title, 'Copied');
    assert.ok(copy.classList.contains('done'));
    assert.equal(textOf(view.status), 'Copy: Copied');
    page.clock.tick(FEEDBACK_MS);
    assert.equal(copy.title, 'Copy');
    assert.ok(!copy.classList.contains('done'));
  });

  it('comes back with its saved reply when the panel is restored, before the host sends anything', () => {
    page.restoreState({ view: 'reply', reply: EXPLAIN });
    const view = ReplyPage.mount(page);
    assert.equal(textOf(one(view.header, '.reply-title')), 'Explain · math.ts');
    assert.equal(all(view.content, '.code-block').length, 2);
    click(one(view.actions, 'button[data-action="copy"]'));
    assert.deepEqual(page.host.posted, [{ type: 'codeAction', replyId: 'r1', action: 'copy', block: 'all' }]);
  });

  it('shows no reply when the saved state is not a well-formed reply', () => {
    for (const state of [
      { view: 'chat', draft: 'x' },
      { view: 'reply', reply: { ...EXPLAIN, actions: ['format'] } },
      { view: 'reply', reply: { ...EXPLAIN, markdown: undefined } },
    ]) {
      page.restoreState(state);
      const view = ReplyPage.mount(page);
      assert.equal(all(view.content, 'p.reply-empty').length, 1, JSON.stringify(state));
      assert.equal(view.header.hidden, true);
      view.root.remove();
    }
  });

  it('replaces the reply on a new one: content, actions, forgotten feedback, and scrolls to the top', () => {
    const scrolls: Array<[number, number]> = [];
    const scrollTo = (x: number, y: number): void => {
      scrolls.push([x, y]);
    };
    page.stub(window, 'scrollTo', scrollTo as typeof window.scrollTo);
    const view = ReplyPage.mount(page, show(EXPLAIN));
    const pressed = one(view.actions, 'button[data-action="copy"]');
    click(pressed);
    view.receive(show(EXPLAIN));
    assert.equal(scrolls.length, 1, 'the same reply again keeps the scroll position');

    view.receive(show({ replyId: 'r2', title: 'Fix · parser.ts', cluster: 'Demo', markdown: 'No code here.', actions: [] }));
    view.receive({ type: 'actionDone', replyId: 'r2', action: 'copy', ok: true });
    assert.equal(textOf(one(view.header, '.reply-title')), 'Fix · parser.ts');
    assert.equal(textOf(view.content), 'No code here.');
    assert.equal(view.actions.hidden, true);
    assert.equal(all(view.root, 'button').length, 0);
    assert.equal(textOf(view.status), '');
    assert.deepEqual(scrolls, [
      [0, 0],
      [0, 0],
    ]);
  });
});
