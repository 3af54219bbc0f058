import * as assert from 'node:assert/strict';
import { isRecoveryAction, RECOVERY_ACTIONS } from '../../../../src/webview/common/recoveryActions';
import { CODE_ACTIONS } from '../../../../src/replies/common/replyProtocol';
import { parseChatMessage } from '../../../../src/chat/common/chatToHostSchema';
import { CHAT_CODE_ACTIONS, errorActionLabel } from '../../../../src/chat/browser/chatActions';
import { chatSavedState, savedDraft } from '../../../../src/chat/browser/chatSavedState';
import { Debounced, type Timers } from '../../../../src/base/browser/debounce';
import { EditSession } from '../../../../src/chat/browser/composer/editSession';
import { isNearBottom, pinnedAfterScroll } from '../../../../src/chat/browser/virtualList/scrollPosition';

describe('chat actions', () => {
  it('labels every recovery action, and recognises only those', () => {
    assert.deepEqual(
      RECOVERY_ACTIONS.map((action) => errorActionLabel(action)),
      ['Retry', 'Update API Key', 'Select Cluster', 'Open Settings', 'Show Log'],
    );
    assert.ok(isRecoveryAction('showLog'));
    for (const value of ['', 'Retry', 'toString', 'setApiKey', 1, undefined]) {
      assert.equal(isRecoveryAction(value), false, String(value));
    }
  });

  it('offers the protocol code actions except continuing in chat, in protocol order', () => {
    assert.deepEqual([...CHAT_CODE_ACTIONS], ['copy', 'insert', 'replace', 'diff', 'newFile']);
    assert.deepEqual(
      CODE_ACTIONS.filter((action) => CHAT_CODE_ACTIONS.includes(action)),
      [...CHAT_CODE_ACTIONS],
    );
  });

  it('names the message a code action acts on by conversation and index, never by a string to take apart', () => {
    const reply = { conversationId: 'c-1:x', index: 7 };
    assert.deepEqual(parseChatMessage({ type: 'codeAction', reply, action: 'insert', block: 0 }), {
      type: 'codeAction',
      reply,
      action: 'insert',
      block: 0,
    });
    assert.equal(parseChatMessage({ type: 'codeAction', replyId: 'c-1:7', action: 'insert', block: 0 }), undefined);
    assert.equal(
      parseChatMessage({ type: 'codeAction', reply: { conversationId: 'c-1', index: -1 }, action: 'insert', block: 0 }),
      undefined,
    );
    assert.equal(
      parseChatMessage({ type: 'codeAction', reply: { conversationId: 'c-1', index: 1.5 }, action: 'insert', block: 0 }),
      undefined,
    );
  });
});

describe('chat commands', () => {
  it('the host drops a command no message has', () => {
    for (const type of ['', 'toggleHistory', 'constructor', 'export']) {
      assert.equal(parseChatMessage({ type }), undefined, type);
    }
  });
});

describe('edit session', () => {
  it('remembers the draft from before editing and gives it back once', () => {
    const session = new EditSession();
    assert.equal(session.active, false);
    session.begin(4, 'my draft');
    assert.equal(session.index, 4);
    assert.equal(session.end(), 'my draft');
    assert.equal(session.active, false);
    assert.equal(session.end(), undefined);
  });

  it('keeps the first draft when switching to another message', () => {
    const session = new EditSession();
    session.begin(4, 'my draft');
    session.begin(2, 'text of message 4');
    assert.equal(session.index, 2);
    assert.equal(session.end(), 'my draft');
  });
});

class FakeTimers implements Timers {
  private next = 1;
  readonly pending = new Map<number, { callback: () => void; ms: number }>();

  set(callback: () => void, ms: number): number {
    const handle = this.next++;
    this.pending.set(handle, { callback, ms });
    return handle;
  }

  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  fireAll(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const { callback } of due) {
      callback();
    }
  }
}

describe('debounced draft reports', () => {
  it('reports only the last value once typing pauses', () => {
    const timers = new FakeTimers();
    const seen: string[] = [];
    const debounced = new Debounced<string>((value) => seen.push(value), 300, timers);
    debounced.push('h');
    debounced.push('he');
    debounced.push('hel');
    assert.equal(timers.pending.size, 1);
    assert.equal([...timers.pending.values()][0]?.ms, 300);
    timers.fireAll();
    assert.deepEqual(seen, ['hel']);
  });

  it('can be flushed now or cancelled', () => {
    const timers = new FakeTimers();
    const seen: string[] = [];
    const debounced = new Debounced<string>((value) => seen.push(value), 300, timers);
    debounced.push('a');
    debounced.flush();
    assert.deepEqual(seen, ['a']);
    assert.equal(timers.pending.size, 0);
    debounced.flush();
    debounced.push('b');
    debounced.cancel();
    timers.fireAll();
    assert.deepEqual(seen, ['a']);
  });
});

describe('saved chat state', () => {
  it('round-trips the draft and nothing else', () => {
    const state = JSON.parse(JSON.stringify(chatSavedState('half a question'))) as unknown;
    assert.deepEqual(state, { view: 'chat', draft: 'half a question' });
    assert.equal(savedDraft(state), 'half a question');
  });

  it('ignores missing or foreign state', () => {
    for (const state of [
      undefined,
      null,
      'x',
      {},
      { view: 'reply', draft: 'x' },
      { view: 'chat' },
      { view: 'chat', draft: 5 },
      { view: 'chat', draft: 'x'.repeat(1_000_001) },
    ]) {
      assert.equal(savedDraft(state), undefined);
    }
  });
});

describe('scroll position', () => {
  it('counts the end and a few pixels above it as the bottom', () => {
    assert.ok(isNearBottom(900, 1000, 100));
    assert.ok(isNearBottom(880, 1000, 100));
    assert.equal(isNearBottom(500, 1000, 100), false);
    assert.ok(isNearBottom(0, 50, 100));
  });

  it('stays pinned to the end until the user scrolls up, and pins again at the end', () => {
    assert.equal(pinnedAfterScroll(true, 500, 400, false), false, 'scrolling up unpins');
    assert.equal(pinnedAfterScroll(true, 500, 500, false), true, 'content settling below keeps it pinned');
    assert.equal(pinnedAfterScroll(true, 500, 900, false), true, 'content added above (anchoring) keeps it pinned');
    assert.equal(pinnedAfterScroll(false, 400, 450, false), false, 'scrolling down part way stays unpinned');
    assert.equal(pinnedAfterScroll(false, 400, 900, true), true, 'reaching the end pins again');
    assert.equal(pinnedAfterScroll(false, 400, 400, true), false, 'the view left at the end by the code stays unpinned');
  });
});
