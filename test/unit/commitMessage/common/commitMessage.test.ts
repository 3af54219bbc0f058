import * as assert from 'node:assert/strict';
import { buildCommitMessages, commitMessageFromReply, DEFAULT_COMMIT_TEMPLATE } from '../../../../src/commitMessage/common/commitPrompt';
import { splitDiff } from '../../../../src/commitMessage/common/diffFiles';
import { hasOmissions, trimDiff } from '../../../../src/commitMessage/common/trimDiff';

const textFile = (path: string, lines: number): string =>
  `diff --git a/${path} b/${path}\nindex 1..2 100644\n--- a/${path}\n+++ b/${path}\n@@ -1,1 +1,${lines} @@\n${Array.from({ length: lines }, (_, i) => `+line ${i}`).join('\n')}\n`;
const binaryFile = (path: string): string =>
  `diff --git a/${path} b/${path}\nnew file mode 100644\nindex 0000000..3 100644\nBinary files /dev/null and b/${path} differ\n`;

describe('commit messages: diff splitting, trimming and the prompt', () => {
  it('splits a diff into files and tells binary ones by git’s “Binary files … differ”', () => {
    const files = splitDiff(textFile('src/a.ts', 2) + binaryFile('logo.png') + textFile('b c.md', 1));
    assert.deepEqual(
      files.map((file) => [file.path, file.binary]),
      [
        ['src/a.ts', false],
        ['logo.png', true],
        ['b c.md', false],
      ],
    );
    assert.ok(files[0]?.text.startsWith('diff --git a/src/a.ts'));
  });

  it('keeps a diff that fits whole and leaves nothing out, but names binary files', () => {
    const trimmed = trimDiff(splitDiff(textFile('a.ts', 3) + binaryFile('logo.png')), 10_000);
    assert.equal(trimmed.text, textFile('a.ts', 3));
    assert.deepEqual(trimmed.omissions.binaryFiles, ['logo.png']);
    assert.equal(trimmed.omissions.partial, undefined);
    assert.deepEqual(trimmed.omissions.omittedFiles, []);
    assert.equal(trimmed.text.includes('Binary'), false, 'nothing of a binary file is sent');
  });

  it('cuts the first file that does not fit at a line and names every file after it', () => {
    const trimmed = trimDiff(splitDiff(textFile('small.ts', 5) + textFile('big.ts', 2_000) + textFile('late.ts', 5)), 3_000);
    assert.ok(trimmed.text.length <= 3_000);
    assert.equal(trimmed.omissions.partial?.path, 'big.ts');
    assert.equal(trimmed.omissions.partial?.totalLines, 2_005);
    assert.ok((trimmed.omissions.partial?.keptLines ?? 0) > 100);
    assert.deepEqual(trimmed.omissions.omittedFiles, ['late.ts']);
    assert.deepEqual(trimmed.sentFiles, ['small.ts', 'big.ts']);
    assert.equal(hasOmissions(trimmed.omissions), true);
  });

  it('states in the prompt what was cut, left out, binary or untracked', () => {
    const diff = trimDiff(splitDiff(textFile('big.ts', 2_000) + textFile('late.ts', 5) + binaryFile('logo.png')), 3_000);
    const messages = buildCommitMessages({
      template: DEFAULT_COMMIT_TEMPLATE,
      systemPrompt: 'Be brief.',
      scope: 'all',
      diff,
      untrackedFiles: ['new.txt'],
    });
    assert.deepEqual(
      messages.map((message) => message.role),
      ['system', 'user'],
    );
    const user = messages[1]?.content ?? '';
    assert.match(user, /^Write a git commit message for the uncommitted changes \(nothing is staged\) below\./);
    assert.match(user, /```diff\ndiff --git a\/big\.ts/);
    assert.match(user, /Cut: only the first \d+ of 2005 diff lines of big\.ts are shown \(the diff sent is capped at 3,000 characters\)\./);
    assert.match(user, /Left out \(the diff sent is capped at 3,000 characters\): the changes to late\.ts\./);
    assert.match(user, /Binary files changed \(content not sent\): logo\.png\./);
    assert.match(user, /New untracked files \(not in the diff\): new\.txt\./);
  });

  it('fills {changes} with the staged changes, and takes the message out of a fenced reply', () => {
    const messages = buildCommitMessages({
      template: 'Describe the {changes}.',
      systemPrompt: '',
      scope: 'staged',
      diff: trimDiff(splitDiff(textFile('a.ts', 1))),
      untrackedFiles: [],
    });
    assert.equal(messages.length, 1);
    assert.match(messages[0]?.content ?? '', /^Describe the staged changes\.\n\n```diff\n/);
    assert.equal(commitMessageFromReply('```text\nAdd a\n\nBecause.\n```\n'), 'Add a\n\nBecause.');
    assert.equal(commitMessageFromReply('  Add a  \n'), 'Add a');
  });
});
