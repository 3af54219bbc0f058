import * as assert from 'node:assert/strict';
import { measureRequest } from '../../../../src/chat/common/contextMeter';
import { useStrings } from '../../../../src/webview/browser/strings';
import { appended, assistant, CONVERSATION_ID, chatState, user } from '../../helpers/chatFixtures';
import { click, typeInto } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const SETTINGS = { warningTokens: 30, limitTokens: 60 };

function meter(chat: ChatPage): HTMLElement {
  return one(chat.root, '.chat-meter');
}

function exclude(chat: ChatPage, index: number): HTMLButtonElement {
  return one<HTMLButtonElement>(chat.message(index), 'button.message-exclude');
}

/** The meter's figures as numbers: tokens, bytes (when under 1 KB) and characters. */
function figures(chat: ChatPage): { tokens: number; bytes: number; chars: number } {
  const match = /≈ ([\d,]+) tokens \(estimate\) · (\d+) B · ([\d,]+) characters/.exec(textOf(one(meter(chat), '.chat-meter-size')));
  assert.ok(match, textOf(meter(chat)));
  const number = (raw: string | undefined) => Number((raw ?? '').replace(/,/g, ''));
  return { tokens: number(match[1]), bytes: number(match[2]), chars: number(match[3]) };
}

describe('Chat context meter and excluded messages', () => {
  const page = usePage();

  it('shows the size of the next send, the typed message included, as the request body counts it', () => {
    const chat = ChatPage.mount(page, chatState({ systemPrompt: 'Be brief.', messages: [user(0, 'Hi'), assistant(1, 'Hello')] }), {
      type: 'meter',
      settings: { warningTokens: 1000, limitTokens: 2000 },
      attached: '',
    });
    const conversation = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ] as const;
    page.clock.tick(0); // the conversation is measured in a task of its own
    assert.deepEqual(figures(chat), measureRequest(conversation));
    const summary = one<HTMLButtonElement>(meter(chat), 'button.chat-meter-summary');
    const details = one(meter(chat), '#chat-meter-details');
    assert.equal(textOf(summary), `≈ ${figures(chat).tokens} tokens`, 'one short line');
    assert.match(summary.title, /^Next send: ≈ \d+ tokens \(estimate\)/);
    assert.deepEqual(
      [summary.getAttribute('aria-expanded'), summary.getAttribute('aria-controls'), details.hidden],
      ['false', 'chat-meter-details', true],
    );
    click(summary);
    assert.deepEqual([summary.getAttribute('aria-expanded'), details.hidden], ['true', false], 'a click opens the figures');
    assert.match(textOf(details), /Tokens are an estimate/);
    click(summary);
    assert.equal(details.hidden, true);

    typeInto(chat.input, '  Why “é”?\n');
    assert.deepEqual(figures(chat), measureRequest([...conversation, { role: 'user', content: 'Why “é”?' }]));
    assert.equal(meter(chat).dataset['level'], 'ok');
  });

  it('turns the warning colour above the threshold and says the limit above it, announcing each crossing once', () => {
    const chat = ChatPage.mount(page, chatState(), { type: 'meter', settings: SETTINGS, attached: '' });
    const status = one(meter(chat), '[role="status"]');
    typeInto(chat.input, 'x'.repeat(100));
    assert.equal(meter(chat).dataset['level'], 'warning');
    assert.match(textOf(one(meter(chat), '.chat-meter-level')), /above the warning threshold of 30 tokens/);
    assert.ok(meter(chat).querySelector('.chat-meter-summary .codicon-warning'), 'the short line carries the level’s icon');
    assert.match(one(meter(chat), '.chat-meter-summary').title, /: above the warning threshold of 30 tokens$/);
    assert.match(textOf(status), /warning threshold/);
    typeInto(chat.input, 'x'.repeat(300));
    assert.equal(meter(chat).dataset['level'], 'over');
    assert.match(textOf(status), /above the limit of 60 tokens: sending asks first/);
    typeInto(chat.input, 'x');
    assert.equal(meter(chat).dataset['level'], 'ok');
    assert.equal(textOf(one(meter(chat), '.chat-meter-level')), '');
  });

  it('words its tooltip with the host’s strings, the threshold included, in the order the language puts them', () => {
    useStrings({
      meterSize: 'Prochain envoi : ≈ {0} jetons (estimation) · {1} · {2} caractères',
      meterWarning: 'au-delà du seuil d’avertissement de {0} jetons',
      meterTitle: '{0} : {1}',
    });
    const chat = ChatPage.mount(page, chatState(), { type: 'meter', settings: SETTINGS, attached: '' });
    typeInto(chat.input, 'x'.repeat(100));
    const title = one(meter(chat), '.chat-meter-summary').title;
    assert.match(
      title,
      /^Prochain envoi : ≈ \d+ jetons \(estimation\) · \d+ B · 100 caractères : au-delà du seuil d’avertissement de 30 jetons$/,
    );
  });

  it('counts the pending attachments with the typed text', () => {
    const chat = ChatPage.mount(page, chatState(), { type: 'meter', settings: SETTINGS, attached: 'a.ts:\n\n```ts\nx\n```' });
    typeInto(chat.input, 'See');
    assert.deepEqual(figures(chat), measureRequest([{ role: 'user', content: 'See\n\na.ts:\n\n```ts\nx\n```' }]));
  });

  it('excludes a message with its toggle (keyboard too), marks it, leaves it out of the meter, and includes it again', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'A long log'), assistant(1, 'Noted'), user(2, 'Question')] }), {
      type: 'meter',
      settings: SETTINGS,
      attached: '',
    });
    page.clock.tick(0);
    const before = figures(chat);
    const toggle = exclude(chat, 0);
    assert.equal(toggle.getAttribute('aria-pressed'), 'false');
    assert.equal(toggle.getAttribute('aria-label'), 'Exclude from what is sent');
    click(toggle);
    assert.deepEqual(page.host.postsOf('setExcluded'), [{ type: 'setExcluded', index: 0, excluded: true }]);

    chat.receive({ type: 'excluded', conversationId: CONVERSATION_ID, index: 0, excluded: true });
    page.clock.tick(0);
    assert.ok(chat.message(0).classList.contains('is-excluded'));
    assert.equal(exclude(chat, 0).getAttribute('aria-pressed'), 'true');
    assert.match(textOf(one(chat.message(0), '.message-meta')), /excluded: not sent/);
    assert.match(textOf(one(meter(chat), '[role="status"]')), /Message excluded from what is sent/);
    assert.deepEqual(
      figures(chat),
      measureRequest([
        { role: 'assistant', content: 'Noted' },
        { role: 'user', content: 'Question' },
      ]),
    );
    assert.ok(figures(chat).bytes < before.bytes);

    // A native button: focusable, and Enter or Space press it.
    exclude(chat, 0).focus();
    assert.equal(document.activeElement, exclude(chat, 0));
    click(exclude(chat, 0));
    assert.deepEqual(page.host.postsOf('setExcluded').at(-1), { type: 'setExcluded', index: 0, excluded: false });
    chat.receive({ type: 'excluded', conversationId: CONVERSATION_ID, index: 0, excluded: false });
    page.clock.tick(0);
    assert.equal(chat.message(0).classList.contains('is-excluded'), false);
    assert.doesNotMatch(textOf(one(chat.message(0), '.message-meta')), /excluded/);
    assert.deepEqual(figures(chat), before);
  });

  it('keeps the newest message’s toggle disabled with the reason, and frees it when a newer message arrives', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'Q'), assistant(1, 'A')] }));
    const newest = exclude(chat, 1);
    assert.equal(newest.getAttribute('aria-disabled'), 'true');
    assert.equal(newest.getAttribute('aria-label'), 'The newest message is always sent');
    click(newest);
    assert.deepEqual(page.host.postsOf('setExcluded'), []);

    chat.receive(appended([user(2, 'Next')]));
    assert.equal(exclude(chat, 1).getAttribute('aria-disabled'), 'false');
    assert.equal(exclude(chat, 2).getAttribute('aria-disabled'), 'true');
  });

  it('shows a message saved as excluded as excluded, and ignores word about another conversation', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [{ ...user(0, 'Old'), excluded: true }, assistant(1, 'A')] }));
    assert.ok(chat.message(0).classList.contains('is-excluded'));
    chat.receive({ type: 'excluded', conversationId: 'other', index: 0, excluded: false });
    assert.ok(chat.message(0).classList.contains('is-excluded'));
  });

  it('shows no figure while only the newest messages of a long conversation have arrived, and the figure once all have', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(200, 'Newest question'), assistant(201, 'Newest answer')] }), {
      type: 'meter',
      settings: SETTINGS,
      attached: '',
    });
    assert.equal(meter(chat).hidden, true);
    chat.receive({ type: 'earlierMessages', conversationId: CONVERSATION_ID, messages: [user(0, 'First'), assistant(1, 'Reply')] });
    page.clock.tick(0);
    assert.equal(meter(chat).hidden, false, 'shown once the conversation is whole');
  });
});
