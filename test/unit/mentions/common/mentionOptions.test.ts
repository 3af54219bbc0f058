import * as assert from 'node:assert/strict';
import { foldersOf, lookupOf, mentionOptions } from '../../../../src/mentions/common/mentionOptions';
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
      ['problems', 'terminal', 'changes', 'staged', 'symbol:', 'commit:', 'search:'],
    );
  });

  it('offers a lookup as a start that keeps the list open, and folders as folders', () => {
    const options = mentionOptions('s', ['src/', 'src/app.ts'], (kind) => kind);
    assert.deepEqual(
      options.map((option) => [option.kind, option.name, option.detail, option.continues ?? false]),
      [
        ['staged', 'staged', 'staged', false],
        ['symbol', 'symbol:', 'symbol', true],
        ['search', 'search:', 'search', true],
        ['folder', 'src/', '', false],
        ['file', 'src/app.ts', 'src', false],
      ],
    );
  });

  it('lists each folder of the files once, parents too', () => {
    assert.deepEqual(foldersOf(['a.md', 'src/app.ts', 'src/lib/x.ts', 'src/lib/y.ts']), ['src/', 'src/lib/']);
  });

  it('splits a lookup from what it looks for, quotes taken off', () => {
    assert.deepEqual(lookupOf('symbol:Cluster'), { lookup: 'symbol', argument: 'Cluster' });
    assert.deepEqual(lookupOf('search:"two words"'), { lookup: 'search', argument: 'two words' });
    assert.deepEqual(lookupOf('search:"still typing'), { lookup: 'search', argument: 'still typing' });
    assert.deepEqual(lookupOf('commit:'), { lookup: 'commit', argument: '' });
    assert.equal(lookupOf('src/a:b.ts'), undefined);
    assert.equal(lookupOf('problems'), undefined);
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
