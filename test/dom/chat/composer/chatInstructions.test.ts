import * as assert from 'node:assert/strict';
import { measureRequest } from '../../../../src/chat/common/contextMeter';
import type { HostToChatMessage } from '../../../../src/chat/common/chatProtocol';
import { assistant, chatState, CONVERSATION_ID, user } from '../../helpers/chatFixtures';
import { click, press } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { all, one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const INSTRUCTIONS_TEXT = "The project's instruction files follow.\n\n```AGENTS.md\nRun npm test.\n```";

const LISTED: HostToChatMessage = {
  type: 'instructions',
  files: [
    { uri: 'file:///w/AGENTS.md', source: 'AGENTS.md', state: 'on', detail: 'always' },
    {
      uri: 'file:///w/.github/instructions/py.instructions.md',
      source: '.github/instructions/py.instructions.md',
      state: 'off',
      detail: 'Turned off',
    },
    {
      uri: 'file:///w/.github/instructions/bad.instructions.md',
      source: '.github/instructions/bad.instructions.md',
      state: 'skipped',
      detail: 'Skipped: it has no applyTo in its front matter, so it applies to no file.',
    },
  ],
  text: INSTRUCTIONS_TEXT,
};

function item(chat: ChatPage, source: string): HTMLElement {
  const found = all(chat.root, 'li.instruction').find((each) => textOf(one(each, '.instruction-open')) === source);
  assert.ok(found, `no line item for ${source}`);
  return found;
}

describe('Chat instruction files line', () => {
  const page = usePage();

  it('is hidden while no instruction file concerns the next send', () => {
    const chat = ChatPage.mount(page, chatState(), { type: 'instructions', files: [], text: '' });
    assert.equal(one(chat.root, '.chat-instructions').hidden, true);
  });

  it('lists the files above the message box: on, turned off greyed with Turn on, skipped with why', () => {
    const chat = ChatPage.mount(page, chatState(), LISTED);
    const line = one(chat.root, '.chat-instructions');
    assert.equal(line.hidden, false);
    assert.equal(line.parentElement, one(chat.root, '.chat-composer'));
    assert.equal(line.getAttribute('aria-label'), 'Instruction files');
    assert.deepEqual(
      all(line, 'li.instruction').map((each) => each.dataset['state']),
      ['on', 'off', 'skipped'],
    );
    const on = item(chat, 'AGENTS.md');
    assert.equal(one(on, '.instruction-toggle').getAttribute('aria-label'), 'Turn off AGENTS.md');
    const off = item(chat, '.github/instructions/py.instructions.md');
    assert.match(textOf(one(off, '.instruction-toggle')), /Turn on/);
    assert.equal(one(off, '.instruction-toggle').getAttribute('aria-label'), 'Turn on .github/instructions/py.instructions.md');
    const skipped = item(chat, '.github/instructions/bad.instructions.md');
    assert.equal(all(skipped, '.instruction-toggle').length, 0);
    assert.ok(skipped.querySelector('.codicon-warning'));
    assert.match(textOf(one(skipped, '.instruction-why')), /no applyTo/);
  });

  it('marks a file the next send asks about, new or changed, and says why in its title', () => {
    const chat = ChatPage.mount(page, chatState(), {
      type: 'instructions',
      files: [
        { uri: 'file:///w/AGENTS.md', source: 'AGENTS.md', state: 'on', detail: 'always. Not yet agreed to', asks: 'new' },
        { uri: 'file:///w/CLAUDE.md', source: 'CLAUDE.md', state: 'on', detail: 'always. Changed since', asks: 'changed' },
        { uri: 'file:///w/.roo/rules/a.md', source: '.roo/rules/a.md', state: 'on', detail: 'always' },
      ],
      text: INSTRUCTIONS_TEXT,
    });
    const marks = ['AGENTS.md', 'CLAUDE.md', '.roo/rules/a.md'].map((source) => {
      const mark = item(chat, source).querySelector<HTMLElement>('.instruction-asks');
      return mark === null ? null : [textOf(mark), mark.title];
    });
    assert.deepEqual(marks, [['new', 'always. Not yet agreed to'], ['changed', 'always. Changed since'], null]);
    assert.equal(item(chat, 'CLAUDE.md').dataset['asks'], 'changed');
  });

  it('asks the host to open a file, turn one off and turn one back on', () => {
    const chat = ChatPage.mount(page, chatState(), LISTED);
    page.host.clearPosts();
    click(one(item(chat, 'AGENTS.md'), '.instruction-open'));
    click(one(item(chat, 'AGENTS.md'), '.instruction-toggle'));
    click(one(item(chat, '.github/instructions/py.instructions.md'), '.instruction-toggle'));
    click(one(item(chat, '.github/instructions/bad.instructions.md'), '.instruction-open'));
    assert.deepEqual(page.host.posted, [
      { type: 'openInstruction', uri: 'file:///w/AGENTS.md' },
      { type: 'setInstructionOn', uri: 'file:///w/AGENTS.md', on: false },
      { type: 'setInstructionOn', uri: 'file:///w/.github/instructions/py.instructions.md', on: true },
      { type: 'openInstruction', uri: 'file:///w/.github/instructions/bad.instructions.md' },
    ]);
  });

  it('counts the instructions in the context meter, in the system message after the system prompt', () => {
    const chat = ChatPage.mount(page, chatState({ systemPrompt: 'Be brief.', messages: [user(0, 'Hi'), assistant(1, 'Hello')] }), {
      type: 'meter',
      settings: { warningTokens: 0, limitTokens: 0 },
      attached: '',
    });
    const size = (): string => textOf(one(chat.root, '.chat-meter-size'));
    const conversation = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ] as const;
    const without = measureRequest([{ role: 'system', content: 'Be brief.' }, ...conversation]);
    page.clock.tick(0); // the conversation is measured in a task of its own
    assert.match(size(), new RegExp(`≈ ${without.tokens} tokens .* ${without.chars} characters`));
    chat.receive(LISTED);
    page.clock.tick(0);
    const withInstructions = measureRequest([{ role: 'system', content: `Be brief.\n\n${INSTRUCTIONS_TEXT}` }, ...conversation]);
    assert.match(size(), new RegExp(`≈ ${withInstructions.tokens} tokens .* ${withInstructions.chars} characters`));
    chat.receive({ type: 'instructions', files: [], text: '' });
    page.clock.tick(0);
    assert.match(size(), new RegExp(`≈ ${without.tokens} tokens .* ${without.chars} characters`));
  });

  it('counts, while a message is edited, the messages before it and the instructions it went with, as its resend carries them', () => {
    const chat = ChatPage.mount(
      page,
      chatState({ systemPrompt: 'Be brief.', messages: [user(0, 'Hi'), assistant(1, 'Hello'), user(2, 'Again'), assistant(3, 'Sure')] }),
      { type: 'meter', settings: { warningTokens: 0, limitTokens: 0 }, attached: '' },
    );
    chat.receive(LISTED);
    const size = (): string => textOf(one(chat.root, '.chat-meter-size'));
    const expect = (system: string, messages: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>): RegExp => {
      const measured = measureRequest([{ role: 'system', content: system }, ...messages]);
      return new RegExp(`≈ ${measured.tokens} tokens .* ${measured.chars} characters`);
    };
    const before = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ] as const;
    page.host.clearPosts();
    click(one(chat.message(2), 'button.message-edit'));
    assert.deepEqual(page.host.posted, [{ type: 'frozenInstructions', index: 2 }], 'asks what the message went with');
    assert.match(size(), expect(`Be brief.\n\n${INSTRUCTIONS_TEXT}`, [...before, { role: 'user', content: 'Again' }]));
    chat.receive({ type: 'frozenInstructions', conversationId: CONVERSATION_ID, index: 2, text: 'Frozen rules.' });
    page.clock.tick(0);
    assert.match(size(), expect('Be brief.\n\nFrozen rules.', [...before, { role: 'user', content: 'Again' }]));
    chat.receive({ type: 'frozenInstructions', conversationId: 'another', index: 2, text: 'Not these.' });
    page.clock.tick(0);
    assert.match(size(), expect('Be brief.\n\nFrozen rules.', [...before, { role: 'user', content: 'Again' }]));

    press(chat.input, 'Escape');
    const whole = [...before, { role: 'user', content: 'Again' }, { role: 'assistant', content: 'Sure' }] as const;
    assert.match(
      size(),
      expect(`Be brief.\n\n${INSTRUCTIONS_TEXT}`, whole),
      'out of edit mode: the whole conversation and what applies now',
    );
  });

  it('refuses a malformed list as a whole', () => {
    const chat = ChatPage.mount(page, chatState(), LISTED);
    chat.receive({ type: 'instructions', files: [{ uri: 'x', source: 'x', state: 'maybe', detail: '' }], text: '' });
    assert.equal(all(chat.root, 'li.instruction').length, 3);
  });
});
