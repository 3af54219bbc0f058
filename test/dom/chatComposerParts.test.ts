import * as assert from 'node:assert/strict';
import { busy, chatState } from './helpers/chatFixtures';
import { click } from './helpers/gestures';
import { usePage } from './helpers/page';
import { all, one, textOf } from './helpers/query';
import { ChatPage } from './helpers/views';

const ATTACHMENTS = [
  { id: 'a1', label: 'src/math.ts:1-3', lines: 3 },
  { id: 'a2', label: 'README.md', lines: 40 },
];

describe('Chat busy state, attachments and system prompt', () => {
  const page = usePage();

  describe('busy and Stop', () => {
    it('shows whom it waits for while a request runs, with a Stop button that posts stop, and hides it after', () => {
      const chat = ChatPage.mount(page, chatState());
      assert.equal(chat.busy.hidden, true);
      chat.receive(busy(true));
      assert.equal(chat.busy.hidden, false);
      assert.equal(chat.busy.getAttribute('role'), 'status');
      assert.equal(textOf(one(chat.busy, '.chat-busy-text')), 'Waiting for Demo…');
      assert.equal(chat.send.disabled, true);
      click(one(chat.busy, 'button.chat-stop'));
      assert.deepEqual(page.host.posted, [{ type: 'stop' }]);

      chat.receive(busy(false));
      assert.equal(chat.busy.hidden, true);
      assert.equal(chat.send.disabled, false);
    });

    it('waits for "the cluster" without one, and follows a cluster change while busy', () => {
      const chat = ChatPage.mount(page, chatState({ cluster: null, busy: true }));
      const text = one(chat.busy, '.chat-busy-text');
      assert.equal(chat.busy.hidden, false, 'a conversation that is busy when shown says so');
      assert.equal(textOf(text), 'Waiting for the cluster…');
      chat.receive({ type: 'cluster', cluster: { id: 'slow', label: 'Slow' } });
      assert.equal(textOf(text), 'Waiting for Slow…');
      assert.equal(chat.busy.hidden, false);
      chat.receive({ type: 'cluster', cluster: null });
      assert.equal(textOf(text), 'Waiting for the cluster…');
      assert.equal(textOf(chat.command('selectCluster')), 'No cluster', 'in step with the header');
    });

    it('ignores the busy state of another conversation', () => {
      const chat = ChatPage.mount(page, chatState());
      chat.receive(busy(true, 'c2'));
      assert.equal(chat.busy.hidden, true);
      assert.equal(chat.send.disabled, false);
    });
  });

  describe('attachments', () => {
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

  describe('system prompt', () => {
    it('shows the conversation’s system prompt, folded, marked when one is set', () => {
      const chat = ChatPage.mount(page, chatState({ systemPrompt: 'Answer tersely.' }));
      const panel = one<HTMLDetailsElement>(chat.root, 'details.system-prompt');
      const input = one<HTMLTextAreaElement>(panel, 'textarea.system-prompt-input');
      assert.equal(panel.open, false);
      assert.equal(input.value, 'Answer tersely.');
      assert.ok(panel.classList.contains('is-set'));

      chat.receive({ type: 'systemPrompt', conversationId: 'c1', systemPrompt: '  ' });
      assert.equal(input.value, '  ');
      assert.ok(!panel.classList.contains('is-set'));

      chat.receive({ type: 'systemPrompt', conversationId: 'c2', systemPrompt: 'Other conversation' });
      assert.equal(input.value, '  ');
    });

    it('posts setSystemPrompt with the edited text on Save', () => {
      const chat = ChatPage.mount(page, chatState({ systemPrompt: 'Old' }));
      one<HTMLTextAreaElement>(chat.root, 'textarea.system-prompt-input').value = 'You review TypeScript.';
      click(one(chat.root, 'button.system-prompt-save'));
      assert.deepEqual(page.host.posted, [{ type: 'setSystemPrompt', text: 'You review TypeScript.' }]);
    });
  });
});
