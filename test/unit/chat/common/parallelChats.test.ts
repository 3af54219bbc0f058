import * as assert from 'node:assert/strict';
import { OFFER_TO_OPEN_AFTER_MS, replyNotice } from '../../../../src/chat/common/replyNoticeChoice';
import { UnreadConversations } from '../../../../src/chat/common/unreadSet';
import { parseChatHostMessage } from '../../../../src/chat/common/hostToChatSchema';

describe('long waits: what an arriving reply tells the user', () => {
  it('a reply the user sees arrive needs no badge and no notification, however long the wait', () => {
    assert.deepEqual(replyNotice(true, 60_000), { badge: false, offerToOpen: false });
  });

  it('a reply that arrives while the chat is hidden counts on the badge; past 10 s a notification offers to open it', () => {
    assert.equal(OFFER_TO_OPEN_AFTER_MS, 10_000);
    assert.deepEqual(replyNotice(false, 3_000), { badge: true, offerToOpen: false });
    assert.deepEqual(replyNotice(false, 10_000), { badge: true, offerToOpen: false });
    assert.deepEqual(replyNotice(false, 10_001), { badge: true, offerToOpen: true });
    assert.deepEqual(replyNotice(false, 600, 500), { badge: true, offerToOpen: true }, 'the threshold is a parameter');
  });
});

describe('parallel conversations: unread replies', () => {
  it('marks a conversation once, clears it when opened, and saves as a plain list', () => {
    const unread = new UnreadConversations(['a']);
    assert.equal(unread.has('a'), true);
    assert.equal(unread.mark('b'), true);
    assert.equal(unread.mark('b'), false, 'a second reply changes nothing to save');
    assert.deepEqual(unread.toJSON(), ['a', 'b']);
    assert.equal(unread.clear('a'), true);
    assert.equal(unread.clear('a'), false);
    assert.deepEqual(JSON.parse(JSON.stringify(unread)), ['b']);
  });

  it('the chat protocol carries the unread mark and the wait so far, and refuses malformed ones', () => {
    const item = { id: 'c-2', title: 'Other', updatedAt: '2026-01-01T00:00:00.000Z', messageCount: 2, unread: true };
    const history = { type: 'historyItem', item, activeId: 'c-1' };
    assert.deepEqual(parseChatHostMessage(history), history);
    const conversation = { id: 'c-1', title: 'Slow', systemPrompt: '', messages: [], busy: true, waitedMs: 4200 };
    const state = {
      type: 'chatState',
      conversation,
      draft: '',
      attachments: [],
      cluster: undefined,
      history: [item],
      historyComplete: true,
    };
    assert.deepEqual(parseChatHostMessage(state), state);
    assert.equal(parseChatHostMessage({ ...history, item: { ...item, unread: 'yes' } }), undefined);
    assert.equal(parseChatHostMessage({ ...state, conversation: { ...conversation, waitedMs: -1 } }), undefined);
  });
});
