import * as assert from 'node:assert/strict';
import { inputKeyAction, outgoingText, type InputContext, type KeyPress } from '../../../../../src/chat/browser/composer/inputKeys';

function press(key: string, extra: Partial<KeyPress> = {}): KeyPress {
  return { key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, isComposing: false, keyCode: 0, ...extra };
}

const idle: InputContext = { text: 'hello', busy: false, editing: false, composing: false, hasUserMessage: true };

describe('chat input keys', () => {
  it('sends on Enter and inserts a newline on Shift+Enter', () => {
    assert.equal(inputKeyAction(press('Enter'), idle), 'send');
    assert.equal(inputKeyAction(press('Enter', { shiftKey: true }), idle), 'default');
  });

  it('resends the edited message on Enter in edit mode', () => {
    assert.equal(inputKeyAction(press('Enter'), { ...idle, editing: true }), 'resend');
  });

  it('does nothing on Enter for blank text or while busy (no newline either)', () => {
    for (const text of ['', '   ', '\n\n', ' \t\n ']) {
      assert.equal(inputKeyAction(press('Enter'), { ...idle, text }), 'swallow', JSON.stringify(text));
    }
    assert.equal(inputKeyAction(press('Enter'), { ...idle, busy: true }), 'swallow');
    assert.equal(inputKeyAction(press('Enter'), { ...idle, busy: true, editing: true }), 'swallow');
  });

  it('leaves every key to the input method while it composes', () => {
    assert.equal(inputKeyAction(press('Enter', { isComposing: true }), idle), 'default');
    assert.equal(inputKeyAction(press('Enter', { keyCode: 229 }), idle), 'default');
    assert.equal(inputKeyAction(press('Enter'), { ...idle, composing: true }), 'default');
    assert.equal(inputKeyAction(press('Escape', { isComposing: true }), { ...idle, busy: true }), 'default');
    assert.equal(inputKeyAction(press('Escape'), { ...idle, editing: true, composing: true }), 'default');
    assert.equal(inputKeyAction(press('ArrowUp'), { ...idle, text: '', composing: true }), 'default');
  });

  it('uses Escape to leave edit mode first, then to stop a request', () => {
    assert.equal(inputKeyAction(press('Escape'), { ...idle, editing: true, busy: true }), 'cancelEdit');
    assert.equal(inputKeyAction(press('Escape'), { ...idle, busy: true }), 'stop');
    assert.equal(inputKeyAction(press('Escape'), idle), 'default');
  });

  it('edits the last user message on ArrowUp in an empty box only', () => {
    assert.equal(inputKeyAction(press('ArrowUp'), { ...idle, text: '' }), 'editLast');
    assert.equal(inputKeyAction(press('ArrowUp'), { ...idle, text: 'x' }), 'default');
    assert.equal(inputKeyAction(press('ArrowUp'), { ...idle, text: '', hasUserMessage: false }), 'default');
    assert.equal(inputKeyAction(press('ArrowUp'), { ...idle, text: '', editing: true }), 'default');
    assert.equal(inputKeyAction(press('ArrowUp', { altKey: true }), { ...idle, text: '' }), 'default');
  });

  it('leaves modified Enter and other keys alone', () => {
    for (const modifier of ['altKey', 'ctrlKey', 'metaKey'] as const) {
      assert.equal(inputKeyAction(press('Enter', { [modifier]: true }), idle), 'default', modifier);
    }
    assert.equal(inputKeyAction(press('a'), idle), 'default');
    assert.equal(inputKeyAction(press('ArrowDown'), { ...idle, text: '' }), 'default');
  });
});

describe('outgoing text', () => {
  it('drops leading blank lines and trailing whitespace but keeps indentation', () => {
    assert.equal(outgoingText('\n\n  indented();\n  more();  \n\n'), '  indented();\n  more();');
    assert.equal(outgoingText('hello'), 'hello');
    assert.equal(outgoingText('a\r\n\r\nb\r\n'), 'a\r\n\r\nb');
  });

  it('is undefined for blank text', () => {
    for (const text of ['', ' ', '\n', '\t \r\n ']) {
      assert.equal(outgoingText(text), undefined, JSON.stringify(text));
    }
  });
});
