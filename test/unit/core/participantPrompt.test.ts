import * as assert from 'node:assert/strict';
import type { Attachment } from '../../../src/core/conversation';
import { actionForCommand, buildParticipantMessages, PARTICIPANT_COMMANDS } from '../../../src/core/participantPrompt';
import { DEFAULT_INSTRUCTIONS } from '../../../src/core/selectionPrompt';

const mathFile: Attachment = { id: '0', label: 'src/math.ts', fileName: 'src/math.ts', languageId: 'typescript', code: 'export const add = (a: number, b: number) => a + b;\n' };

describe('@cluster prompts (core)', () => {
  it('maps the slash commands to selection actions, and nothing else', () => {
    assert.equal(actionForCommand('explain'), 'explain');
    assert.equal(actionForCommand('fix'), 'fix');
    assert.equal(actionForCommand('tests'), 'writeTests');
    assert.equal(actionForCommand('refactor'), 'refactor');
    assert.equal(actionForCommand(undefined), undefined);
    assert.equal(actionForCommand('toString'), undefined);
    assert.equal(actionForCommand('__proto__'), undefined);
    assert.deepEqual(Object.keys(PARTICIPANT_COMMANDS).sort(), ['explain', 'fix', 'refactor', 'tests']);
  });

  it('sends the system prompt, the history in order, and the new turn with its attachment fenced', () => {
    const messages = buildParticipantMessages('Be brief.', [
      { role: 'user', prompt: 'What is a closure?', attachments: [] },
      { role: 'assistant', text: 'A function with its scope.' },
      { role: 'user', prompt: 'Does this file use one?', attachments: [mathFile] },
    ]);
    assert.deepEqual(
      messages.map((message) => message.role),
      ['system', 'user', 'assistant', 'user'],
    );
    assert.equal(messages[0]?.content, 'Be brief.');
    assert.equal(messages[1]?.content, 'What is a closure?');
    assert.equal(messages[2]?.content, 'A function with its scope.');
    assert.equal(messages[3]?.content, 'Does this file use one?\n\nsrc/math.ts:\n\n```typescript\nexport const add = (a: number, b: number) => a + b;\n```');
  });

  it('puts a command’s instruction first, naming the attached files, then the typed text', () => {
    const [message] = buildParticipantMessages('', [
      { role: 'user', prompt: 'Keep it short.', instruction: DEFAULT_INSTRUCTIONS.explain, attachments: [mathFile] },
    ]);
    assert.ok(message);
    assert.equal(message.role, 'user');
    assert.ok(message.content.startsWith('Explain what this code from src/math.ts does, step by step.\n\nKeep it short.\n\nsrc/math.ts:\n\n```typescript\n'), message.content);
  });

  it('leaves out empty replies (a failed turn) and empty user turns, and omits a blank system prompt', () => {
    const messages = buildParticipantMessages('  ', [
      { role: 'user', prompt: 'First', attachments: [] },
      { role: 'assistant', text: '' },
      { role: 'user', prompt: '   ', attachments: [] },
      { role: 'user', prompt: 'Second', attachments: [] },
    ]);
    assert.deepEqual(messages, [
      { role: 'user', content: 'First' },
      { role: 'user', content: 'Second' },
    ]);
  });

  it('keeps code that holds backticks intact inside a longer fence', () => {
    const tricky: Attachment = { ...mathFile, code: 'const s = `a ``` b`;' };
    const [message] = buildParticipantMessages('', [{ role: 'user', prompt: 'Why?', attachments: [tricky] }]);
    assert.ok(message?.content.includes('````typescript\nconst s = `a ``` b`;\n````'), message?.content);
  });
});
