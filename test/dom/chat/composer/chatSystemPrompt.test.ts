import * as assert from 'node:assert/strict';
import { chatState } from '../../helpers/chatFixtures';
import { click } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { one } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

describe('Chat system prompt', () => {
  const page = usePage();

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
