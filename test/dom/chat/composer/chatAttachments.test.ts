import * as assert from 'node:assert/strict';
import { chatState } from '../../helpers/chatFixtures';
import { click } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { all, one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const ATTACHMENTS = [
  { id: 'a1', label: 'src/math.ts:1-3', lines: 3 },
  { id: 'a2', label: 'README.md', lines: 40 },
];

describe('Chat attachments', () => {
  const page = usePage();

  it('shows each attachment as a chip with a labelled remove button, and no list when there are none', () => {
    const chat = ChatPage.mount(page, chatState());
    const list = one(chat.root, 'ul.chat-attachments');
    assert.equal(list.hidden, true);

    chat.receive({ type: 'attachments', attachments: ATTACHMENTS });
    assert.equal(list.hidden, false);
    assert.deepEqual(
      all(list, 'li.attachment').map((chip) => [
        chip.dataset['id'],
        textOf(one(chip, '.attachment-label')),
        one(chip, 'button').getAttribute('aria-label'),
      ]),
      [
        ['a1', 'src/math.ts:1-3', 'Remove src/math.ts:1-3'],
        ['a2', 'README.md', 'Remove README.md'],
      ],
    );

    chat.receive({ type: 'attachments', attachments: [] });
    assert.equal(list.hidden, true);
    assert.equal(all(list, 'li').length, 0);
  });

  it('posts removeAttachment for a chip’s remove button, and addSelection / addFile for the add buttons', () => {
    const chat = ChatPage.mount(page, chatState({ attachments: ATTACHMENTS }));
    click(one(chat.root, 'li.attachment[data-id="a2"] button.attachment-remove'));
    click(chat.command('addSelection'));
    click(chat.command('addFile'));
    assert.deepEqual(page.host.posted, [{ type: 'removeAttachment', id: 'a2' }, { type: 'addSelection' }, { type: 'addFile' }]);
  });
});
