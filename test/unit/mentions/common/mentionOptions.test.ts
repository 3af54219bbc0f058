import * as assert from 'node:assert/strict';
import { mentionOptions } from '../../../../src/mentions/common/mentionOptions';
import { cutMention, problemsText } from '../../../../src/mentions/common/mentionText';

describe('mentionOptions and mention text', () => {
  it('offers the sources whose name starts with the query, then the matching files', () => {
    const options = mentionOptions('pr', ['src/prompt.ts', 'lib/parser.rs'], (source) => `about ${source}`);
    assert.deepEqual(options, [
      { kind: 'problems', name: 'problems', detail: 'about problems' },
      { kind: 'file', name: 'src/prompt.ts', detail: 'src' },
      { kind: 'file', name: 'lib/parser.rs', detail: 'lib' },
    ]);
    assert.deepEqual(
      mentionOptions('', [], () => '').map((option) => option.name),
      ['problems', 'terminal', 'changes', 'staged'],
    );
  });

  it('cuts a long mention with a note saying where, and leaves a short one whole', () => {
    assert.equal(cutMention('short', 10), 'short');
    assert.equal(cutMention('0123456789abc', 10), '0123456789\n[cut at 10 characters of 13]');
  });

  it('lists problems one a line, errors first, then by file and place', () => {
    const text = problemsText([
      { path: 'b.ts', line: 3, column: 1, severity: 'warning', message: 'unused\n  variable', source: 'ts' },
      { path: 'b.ts', line: 1, column: 5, severity: 'error', message: 'missing ;' },
      { path: 'a.ts', line: 9, column: 2, severity: 'error', message: 'bad type', source: 'ts' },
    ]);
    assert.equal(text, 'a.ts:9:2 error: bad type (ts)\nb.ts:1:5 error: missing ;\nb.ts:3:1 warning: unused variable (ts)');
  });
});
