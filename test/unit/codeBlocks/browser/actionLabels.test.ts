import * as assert from 'node:assert/strict';
import { CODE_ACTIONS, isOpenableLink } from '../../../../src/replies/common/replyProtocol';
import {
  actionAriaLabel,
  actionDoneLabel,
  actionLabel,
  isCodeAction,
  orderedActions,
} from '../../../../src/codeBlocks/browser/actionLabels';

describe('action labels', () => {
  it('offers actions in the protocol order, whatever order the host lists them in', () => {
    assert.deepEqual(orderedActions(['newFile', 'copy', 'diff']), ['copy', 'diff', 'newFile']);
  });

  it('uses the documented visible labels', () => {
    assert.deepEqual(
      CODE_ACTIONS.map((action) => actionLabel(action)),
      ['Copy', 'Insert at Cursor', 'Replace Selection', 'Apply with Diff Preview', 'Open in New File', 'Continue in Chat', 'Show Request'],
    );
  });

  it('has a distinct success label per action and one failure label', () => {
    const done = CODE_ACTIONS.map((action) => actionDoneLabel(action, true));
    assert.equal(new Set(done).size, CODE_ACTIONS.length);
    assert.equal(actionDoneLabel('copy', true), 'Copied');
    assert.equal(actionDoneLabel('insert', true), 'Inserted');
    for (const action of CODE_ACTIONS) {
      assert.equal(actionDoneLabel(action, false), 'Failed');
    }
  });

  it('names the block in the accessible label', () => {
    assert.equal(actionAriaLabel('Copy', 0), 'Copy (block 1)');
    assert.equal(actionAriaLabel('Insert at Cursor', 4), 'Insert at Cursor (block 5)');
    assert.equal(actionAriaLabel('Copy', 'all'), 'Copy (whole reply)');
  });

  it('orders offered actions as the protocol does', () => {
    assert.deepEqual(orderedActions(['continueInChat', 'copy', 'diff']), ['copy', 'diff', 'continueInChat']);
    assert.deepEqual(orderedActions([]), []);
  });

  it('recognises only protocol actions', () => {
    assert.ok(isCodeAction('newFile'));
    for (const value of ['', 'Copy', 'constructor', 'toString', 1, null, undefined]) {
      assert.equal(isCodeAction(value), false, String(value));
    }
  });
});

describe('openable links', () => {
  it('opens only absolute http(s) links', () => {
    const samples = [
      'https://example.com',
      'http://localhost:8080/x?y=1#z',
      'HTTPS://EXAMPLE.COM/',
      'javascript:alert(1)',
      'data:text/html,hi',
      'command:workbench.action.quit',
      'vscode://file/x',
      'file:///etc/passwd',
      'mailto:a@example.com',
      '//example.com',
      '/relative',
      'relative',
      '',
      'http://',
      'ftp://example.com',
    ];
    const openable = samples.filter((href) => isOpenableLink(href));
    assert.deepEqual(openable, ['https://example.com', 'http://localhost:8080/x?y=1#z', 'HTTPS://EXAMPLE.COM/']);
  });

  it('refuses links longer than the protocol allows', () => {
    assert.equal(isOpenableLink(`https://example.com/${'a'.repeat(8200)}`), false);
  });
});
