import * as assert from 'node:assert/strict';
import { usePage } from '../helpers/page';
import { commandButton, TOGGLE_HISTORY } from '../../../src/chat/browser/chatCommands';
import { readChatClick } from '../../../src/chat/browser/chatClicks';
import { parseChatMessage } from '../../../src/chat/common/chatToHostSchema';

describe('Chat command buttons', () => {
  usePage();

  it('post the message they name, which the host accepts; the history toggle stays in the view', () => {
    for (const command of ['selectCluster', 'addSelection', 'addFile'] as const) {
      const click = readChatClick(commandButton('probe', command, { text: command }));
      assert.deepEqual(click, { kind: 'post', message: { type: command } });
      assert.deepEqual(parseChatMessage(click?.kind === 'post' ? click.message : undefined), { type: command });
    }
    assert.deepEqual(readChatClick(commandButton('probe', TOGGLE_HISTORY, { text: 'Conversations' })), { kind: 'toggleHistory' });
  });
});
