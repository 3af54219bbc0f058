import * as assert from 'node:assert/strict';
import { extractCodeBlocks } from '../../../../src/markdown/common/codeBlocks';
import { languageIdForFence } from '../../../../src/markdown/common/fenceLanguage';
import { isOpenableLink } from '../../../../src/replies/common/replyProtocol';
import { parseWebviewMessage } from '../../../../src/replies/common/replyToHostSchema';

describe('webview protocol', () => {
  it('accepts the messages it defines', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'codeAction', replyId: 'reply-1', action: 'insert', block: 2 }), {
      type: 'codeAction',
      replyId: 'reply-1',
      action: 'insert',
      block: 2,
    });
    assert.deepEqual(parseWebviewMessage({ type: 'codeAction', replyId: 'r', action: 'copy', block: 'all' })?.type, 'codeAction');
  });

  it('drops anything else: unknown types, commands, settings writes, bad fields', () => {
    for (const raw of [
      null,
      'ready',
      { type: 'runCommand', command: 'workbench.action.terminal.new' },
      { type: 'updateSetting', key: 'clusterChat.baseUrl', value: 'http://evil' },
      { type: 'codeAction', replyId: 'r', action: 'exec', block: 0 },
      { type: 'codeAction', replyId: 'r', action: 'insert', block: -1 },
      { type: 'codeAction', replyId: 'r', action: 'insert', block: 1.5 },
      { type: 'codeAction', replyId: 7, action: 'insert', block: 0 },
      { type: 'openLink', href: 42 },
    ]) {
      assert.equal(parseWebviewMessage(raw), undefined, JSON.stringify(raw));
    }
  });

  it('opens only http(s) links', () => {
    assert.ok(isOpenableLink('https://example.com/a?b'));
    assert.ok(isOpenableLink('http://localhost:3000'));
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      'command:workbench.action.reloadWindow',
      'vscode://file/etc/passwd',
      'file:///etc/passwd',
      '/relative',
      '',
    ]) {
      assert.ok(!isOpenableLink(href), href);
    }
  });
});

describe('markdown code blocks', () => {
  it('numbers fenced and indented blocks in document order, nested ones included', () => {
    const markdown = '```ts\nconst a = 1;\n```\n\n- item\n\n  ```py\n  x = 1\n  ```\n\n> ~~~\n> quoted\n> ~~~\n\n    indented\n';
    assert.deepEqual(
      extractCodeBlocks(markdown).map((block) => [block.index, block.fenceLanguage, block.code]),
      [
        [0, 'ts', 'const a = 1;\n'],
        [1, 'py', 'x = 1\n'],
        [2, '', 'quoted\n'],
        [3, '', 'indented\n'],
      ],
    );
  });

  it('maps fence languages to VS Code language ids', () => {
    assert.equal(languageIdForFence('ts'), 'typescript');
    assert.equal(languageIdForFence('PY'), 'python');
    assert.equal(languageIdForFence('sh'), 'shellscript');
    assert.equal(languageIdForFence('unknown-lang'), 'plaintext');
  });
});
