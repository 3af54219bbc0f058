import * as assert from 'node:assert/strict';
import { extractCodeBlocks } from '../../../../src/markdown/common/codeBlocks';
import { buildSelectionMessages, DEFAULT_INSTRUCTIONS, fenceCode, fillTemplate } from '../../../../src/replies/common/selectionPrompt';

describe('selection prompts', () => {
  const context = {
    fileName: 'src/math.ts',
    languageId: 'typescript',
    code: 'export const add = (a: number, b: number) => a + b;',
    lines: { first: 3, last: 3 },
  };

  it('sends the system prompt, then the instruction and the code fenced with file, lines and language', () => {
    const messages = buildSelectionMessages({
      action: 'explain',
      context,
      instruction: DEFAULT_INSTRUCTIONS.explain,
      systemPrompt: 'Be brief.',
    });
    assert.equal(messages.length, 2);
    assert.deepEqual(messages[0], { role: 'system', content: 'Be brief.' });
    const user = messages[1]?.content ?? '';
    assert.match(user, /^Explain what this code from src\/math\.ts does/);
    assert.match(user, /src\/math\.ts \(typescript\), lines 3–3:/);
    assert.deepEqual(
      extractCodeBlocks(user).map((block) => [block.fenceLanguage, block.code]),
      [['typescript', `${context.code}\n`]],
    );
  });

  it('says “whole file” when nothing was selected, and sends no empty system message', () => {
    const messages = buildSelectionMessages({
      action: 'send',
      context: { ...context, lines: undefined },
      instruction: 'Look:',
      systemPrompt: '  ',
    });
    assert.equal(messages.length, 1);
    assert.match(messages[0]?.content ?? '', /whole file/);
  });

  it('puts the user’s question first for “Ask About Selection…”', () => {
    const messages = buildSelectionMessages({
      action: 'ask',
      context,
      instruction: '{question}',
      systemPrompt: '',
      question: 'Can this overflow?',
    });
    assert.match(messages[0]?.content ?? '', /^Can this overflow\?\n\n/);
  });

  it('never lets backticks in the code close the fence early, and never cuts the code', () => {
    const code = 'const md = "```js\\nx\\n```";\nconst more = "````";\n' + 'x'.repeat(100_000);
    const fenced = fenceCode(code, 'js');
    assert.ok(fenced.startsWith('`````js\n'));
    assert.deepEqual(
      extractCodeBlocks(fenced).map((block) => block.code),
      [`${code}\n`],
    );
  });

  it('fences with three backticks over shorter runs, and one more than the longest run of three or more', () => {
    assert.ok(fenceCode('a ` b `` c', 'ts').startsWith('```ts\n'));
    assert.ok(fenceCode('``````` then ```', 'ts').startsWith('````````ts\n'));
    assert.ok(fenceCode('x\n```', '').endsWith('\n````'));
  });

  it('fences a text of 200,000 single backticks without running out of stack', () => {
    const code = '`a'.repeat(200_000);
    const fenced = fenceCode(code, 'md');
    assert.equal(fenced, `\`\`\`md\n${code}\n\`\`\``);
  });

  it('fills known placeholders and leaves unknown ones', () => {
    assert.equal(fillTemplate('{fileName} in {language} {other}', { fileName: 'a.py', language: 'python' }), 'a.py in python {other}');
  });
});
