import * as assert from 'node:assert/strict';
import { insertedText } from '../../../../src/promptFiles/common/insertedPrompts';

describe('what of a prompt file’s expansion a message still holds', () => {
  const triage = { source: '.github/prompts/triage.prompt.md', text: 'Triage the bug.\n\nThen run action: create-ticket.\n' };

  it('keeps the lines the message holds verbatim, named by the file', () => {
    assert.deepEqual(insertedText([triage], 'Triage the bug.\n\nThen run action: create-ticket.\nThe page is blank.'), [
      { source: triage.source, text: 'Triage the bug.\nThen run action: create-ticket.' },
    ]);
  });

  it('drops a line the user rewrote, and an expansion of which nothing is left', () => {
    assert.deepEqual(insertedText([triage], 'Triage the bug.\nThen, please, run action: create-ticket.'), [
      { source: triage.source, text: 'Triage the bug.' },
    ]);
    assert.deepEqual(insertedText([triage], 'Something else entirely.'), []);
  });

  it('never counts blank lines, which any message holds', () => {
    assert.deepEqual(insertedText([{ source: 'x', text: '\n  \n' }], 'a\n\nb'), []);
  });
});
