import assert from 'node:assert/strict';
import { declaredNames, fenceFor, findCodeBlocks, reviewCode } from '../../../../scripts/emulator/replies/codeBlocks';
import { demoReply } from '../../../../scripts/emulator/replies/demoReply';

const noTickets = { createTicket: (): number => assert.fail('no action was requested') };

describe('emulator: code review helpers', () => {
  it('finds every fenced block with its language, also with CRLF line ends and ~~~ fences', () => {
    const text = 'a\r\n```js\r\nlet x = 1;\r\n```\r\nb\n~~~py\nprint(1)\n~~~\n```\nplain\n```';
    assert.deepEqual(findCodeBlocks(text), [
      { language: 'js', code: 'let x = 1;' },
      { language: 'py', code: 'print(1)' },
      { language: '', code: 'plain' },
    ]);
  });

  it('finds JavaScript/TypeScript and Python declarations in source order', () => {
    const ts = 'const run = async () => 1;\nexport class Box {}\nfunction* gen() {}\nlet f = function () {};';
    assert.deepEqual(declaredNames({ language: 'typescript', code: ts }), ['function run', 'class Box', 'function gen', 'function f']);
    const py = 'class A:\n    async def go(self):\n        pass\ndef main():\n    pass';
    assert.deepEqual(declaredNames({ language: 'py', code: py }), ['class A', 'function go', 'function main']);
    assert.equal(declaredNames({ language: 'go', code: 'func main() {}' }), undefined);
  });

  it('reviews code: trims trailing whitespace, replaces tabs and adds a comment in the language syntax', () => {
    assert.equal(reviewCode({ language: 'sql', code: 'SELECT 1;  ' }, 'c'), '-- Reviewed by cluster c\nSELECT 1;');
    assert.equal(reviewCode({ language: 'html', code: '<p>\thi</p>' }, 'c'), '<!-- Reviewed by cluster c -->\n<p>  hi</p>');
    assert.equal(reviewCode({ language: 'sh', code: '#!/bin/sh\necho hi' }, 'c'), '#!/bin/sh\n# Reviewed by cluster c\necho hi');
    assert.equal(reviewCode({ language: 'json', code: '{"a": 1}\t' }, 'c'), '{"a": 1}');
  });

  it('picks a fence longer than any backtick run in the code', () => {
    assert.equal(fenceFor('no ticks'), '```');
    assert.equal(fenceFor('a ```` b'), '`````');
  });

  it('the Fix note points at simple problems', () => {
    const reply = demoReply('demo', [{ role: 'user', content: 'Fix this:\n```js\nvar a = 1;\nif (a == 1) {}\n```' }], noTickets);
    assert.match(reply, /\*\*Fix:\*\* the code uses `==` where `===` is safer and uses `var`; prefer `const` or `let`\./);
  });

  it('reviews each of several blocks and says when there is no user message', () => {
    const reply = demoReply('demo', [{ role: 'user', content: '```py\nx = 1\n```\nand\n```rust\nfn main() {}\n```' }], noTickets);
    assert.match(reply, /### 1\. Python, 1 line/);
    assert.match(reply, /### 2\. Rust, 1 line/);
    assert.match(reply, /```rust\n\/\/ Reviewed by cluster demo\nfn main\(\) \{\}\n```/);
    assert.match(demoReply('demo', [{ role: 'system', content: 'only a system prompt' }], noTickets), /no user message/);
  });

  it('answers a request for a commit message with a diff by a message naming the files and their line counts', () => {
    const diff = [
      'diff --git a/src/math.ts b/src/math.ts',
      '--- a/src/math.ts',
      '+++ b/src/math.ts',
      '@@ -1 +1,2 @@',
      '-export const add = 1;',
      '+export const add = 2;',
      '+export const sub = 3;',
      'diff --git a/README.md b/README.md',
      '+more',
    ].join('\n');
    const reply = demoReply(
      'demo',
      [{ role: 'user', content: `Write a git commit message for the staged changes below.\n\n\`\`\`diff\n${diff}\n\`\`\`` }],
      noTickets,
    );
    assert.equal(reply, 'Update math.ts, README.md\n\n- src/math.ts: +2 −1 lines\n- README.md: +1 −0 lines');
    // A diff without the words "commit message" is reviewed as code, as before.
    assert.match(demoReply('demo', [{ role: 'user', content: `\`\`\`diff\n${diff}\n\`\`\`` }], noTickets), /looked at 1 code block/);
  });
});
