import * as assert from 'node:assert/strict';
import { composeUserMessage } from '../../../../src/conversations/common/conversation';
import { assistant, chatState, user } from '../../helpers/chatFixtures';
import { click } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { all, one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const SENT = composeUserMessage('Why does @src/app.ts fail?', [
  { id: 'a', label: 'src/app.ts', fileName: 'src/app.ts', languageId: 'typescript', code: 'export const app = 1;' },
  { id: 'b', label: 'terminal: `npm test`, exit 1', fileName: 't', languageId: 'text', code: '$ npm test\nFAIL' },
]);

describe('Chat: a sent message’s mentions as chips that show what was sent', () => {
  const page = usePage();

  it('shows the typed text and one chip per attachment; a chip opens and closes the very block sent', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [{ ...user(0, SENT), attached: 2 }, assistant(1, 'Because.')] }));
    const [message] = chat.messages();
    assert.ok(message);
    assert.equal(textOf(one(message, '.message-typed')), 'Why does @src/app.ts fail?');
    const group = one(message, '.message-attached');
    assert.equal(group.getAttribute('role'), 'group');
    assert.equal(group.getAttribute('aria-label'), 'Attached and sent with this message');
    const chips = all<HTMLButtonElement>(group, 'button.message-attached-chip');
    assert.deepEqual(
      chips.map((chip) => [textOf(chip), chip.title, chip.getAttribute('aria-expanded')]),
      [
        ['src/app.ts', 'Show what was sent: src/app.ts', 'false'],
        ['terminal: `npm test`, exit 1', 'Show what was sent: terminal: `npm test`, exit 1', 'false'],
      ],
    );
    assert.equal(message.querySelector('.message-typed pre'), null, 'no block drawn in the message’s text');
    const [first] = chips;
    assert.ok(first);
    const body = one(message, `#${first.getAttribute('aria-controls') ?? ''}`);
    assert.equal(body.hidden, true);
    click(first);
    assert.equal(first.getAttribute('aria-expanded'), 'true');
    assert.equal(body.hidden, false);
    assert.equal(textOf(one(body, 'pre code')), 'export const app = 1;');
    click(first);
    assert.deepEqual([first.getAttribute('aria-expanded'), body.hidden], ['false', true]);
  });

  it('shows a message without attachments, or one edited by hand since, whole as before', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, SENT), { ...user(1, 'no blocks here'), attached: 1 }] }));
    const [plain, edited] = chat.messages();
    assert.ok(plain && edited);
    assert.equal(plain.querySelector('.message-attached'), null);
    assert.equal(all(plain, 'pre').length, 2, 'the blocks shown in the text, as they were written');
    assert.equal(edited.querySelector('.message-attached'), null);
    assert.equal(textOf(one(edited, '.message-content')), 'no blocks here');
  });
});
