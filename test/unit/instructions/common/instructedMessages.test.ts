import * as assert from 'node:assert/strict';
import type { Message } from '../../../../src/client/common/messages';
import { withInstructions } from '../../../../src/instructions/common/instructedMessages';

const BLOCKS = "The project's instruction files follow, each in a fenced block named by its path.\n\n```AGENTS.md\nRun npm test.\n```";

describe('withInstructions', () => {
  it('puts the instructions after the system prompt, in the same system message', () => {
    const messages: Message[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Explain this.' },
    ];
    assert.deepEqual(withInstructions(messages, BLOCKS), [
      { role: 'system', content: `Be brief.\n\n${BLOCKS}` },
      { role: 'user', content: 'Explain this.' },
    ]);
    assert.equal(messages[0]?.content, 'Be brief.', 'the messages given are not changed');
  });

  it('starts with a system message of their own when there is no system prompt', () => {
    const messages: Message[] = [{ role: 'user', content: 'Explain this.' }];
    assert.deepEqual(withInstructions(messages, BLOCKS), [
      { role: 'system', content: BLOCKS },
      { role: 'user', content: 'Explain this.' },
    ]);
  });

  it('sends the messages as they are when no instructions apply', () => {
    const messages: Message[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Explain this.' },
    ];
    assert.deepEqual(withInstructions(messages, ''), messages);
    assert.notEqual(withInstructions(messages, ''), messages, 'a copy, so a caller may add to it');
  });

  it('does not count a blank system prompt as one', () => {
    const messages: Message[] = [
      { role: 'system', content: '  ' },
      { role: 'user', content: 'Hi' },
    ];
    assert.deepEqual(withInstructions(messages, BLOCKS)[0], { role: 'system', content: BLOCKS });
  });

  it('leaves a later system message alone and adds one at the start', () => {
    const messages: Message[] = [
      { role: 'user', content: 'Hi' },
      { role: 'system', content: 'Later' },
    ];
    assert.deepEqual(withInstructions(messages, BLOCKS), [{ role: 'system', content: BLOCKS }, ...messages]);
  });
});
