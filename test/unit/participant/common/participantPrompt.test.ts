import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LANGUAGE_MODEL_VENDOR, PARTICIPANT_ID } from '../../../../src/base/common/contributionIds';
import type { Attachment } from '../../../../src/conversations/common/conversation';
import {
  actionForCommand,
  buildParticipantMessages,
  composeParticipantMessage,
  exchangeFromMetadata,
  PARTICIPANT_COMMANDS,
  PROMPT_PICKER_COMMAND,
} from '../../../../src/participant/common/participantPrompt';
import { DEFAULT_INSTRUCTIONS } from '../../../../src/replies/common/selectionPrompt';

const mathFile: Attachment = {
  id: '0',
  label: 'src/math.ts',
  fileName: 'src/math.ts',
  languageId: 'typescript',
  code: 'export const add = (a: number, b: number) => a + b;\n',
};

describe('@cluster prompts', () => {
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

  it('matches the manifest: participant id, its slash commands, and the language model vendor', () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../../package.json'), 'utf8')) as {
      contributes: {
        chatParticipants: Array<{ id: string; commands: Array<{ name: string }> }>;
        languageModelChatProviders: Array<{ vendor: string }>;
      };
    };
    const [participant] = manifest.contributes.chatParticipants;
    assert.equal(participant?.id, PARTICIPANT_ID);
    assert.deepEqual(
      participant.commands.map((command) => command.name).sort(),
      [...Object.keys(PARTICIPANT_COMMANDS), PROMPT_PICKER_COMMAND].sort(),
    );
    assert.equal(manifest.contributes.languageModelChatProviders[0]?.vendor, LANGUAGE_MODEL_VENDOR);
  });

  it('sends the system prompt, each earlier exchange as it was sent and answered, then the new message', () => {
    const messages = buildParticipantMessages(
      'Be brief.',
      [{ sent: 'What is a closure?', reply: 'A function with its scope.' }],
      'Does this file use one?',
    );
    assert.deepEqual(messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is a closure?' },
      { role: 'assistant', content: 'A function with its scope.' },
      { role: 'user', content: 'Does this file use one?' },
    ]);
    assert.deepEqual(buildParticipantMessages('  ', [], 'Hi'), [{ role: 'user', content: 'Hi' }], 'a blank system prompt is left out');
  });

  it('writes a turn as the typed text with each attachment fenced under its file name', () => {
    assert.equal(
      composeParticipantMessage({ prompt: 'Does this file use one?', attachments: [mathFile] }),
      'Does this file use one?\n\nsrc/math.ts:\n\n```typescript\nexport const add = (a: number, b: number) => a + b;\n```',
    );
  });

  it('puts a command’s instruction first, naming the attached files, then the typed text', () => {
    const message = composeParticipantMessage({
      prompt: 'Keep it short.',
      instruction: DEFAULT_INSTRUCTIONS.explain,
      attachments: [mathFile],
    });
    assert.ok(
      message.startsWith(
        'Explain what this code from src/math.ts does, step by step.\n\nKeep it short.\n\nsrc/math.ts:\n\n```typescript\n',
      ),
      message,
    );
  });

  it('keeps code that holds backticks intact inside a longer fence', () => {
    const tricky: Attachment = { ...mathFile, code: 'const s = `a ``` b`;' };
    const message = composeParticipantMessage({ prompt: 'Why?', attachments: [tricky] });
    assert.ok(message.includes('````typescript\nconst s = `a ``` b`;\n````'), message);
  });

  it('reads an exchange back only from metadata that holds one', () => {
    assert.deepEqual(exchangeFromMetadata({ clusterId: 'c', sent: 'Q', reply: 'A' }), { sent: 'Q', reply: 'A' });
    assert.equal(exchangeFromMetadata(undefined), undefined);
    assert.equal(exchangeFromMetadata({ sent: 'Q' }), undefined);
    assert.equal(exchangeFromMetadata({ sent: 1, reply: 'A' }), undefined);
    assert.equal(exchangeFromMetadata('Q'), undefined);
  });
});
