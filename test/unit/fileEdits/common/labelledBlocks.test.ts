import * as assert from 'node:assert/strict';
import { labelledBlocks } from '../../../../src/fileEdits/common/labelledBlocks';

const fence = '```';

/** The path, where it was named and whether the block is partial, of each labelled block of `markdown`. */
function labels(markdown: string): Array<[number, string, string, boolean]> {
  return labelledBlocks(markdown).map((block) => [block.index, block.path, block.source, block.partial]);
}

describe('code blocks of a reply that name their file', () => {
  it('reads the path from the info string, after the language, joined by a colon, or as a key', () => {
    const reply = [
      `${fence}ts src/app.ts`,
      'export const a = 1;',
      fence,
      `${fence}ts:src/util.ts`,
      'export const b = 2;',
      fence,
      `${fence}python title="tools/run.py"`,
      'print(1)',
      fence,
      `${fence}src\\win\\path.cs`,
      'class A {}',
      fence,
    ].join('\n');
    assert.deepEqual(labels(reply), [
      [0, 'src/app.ts', 'info', false],
      [1, 'src/util.ts', 'info', false],
      [2, 'tools/run.py', 'info', false],
      [3, 'src/win/path.cs', 'info', false],
    ]);
    assert.equal(labelledBlocks(reply)[0]?.code, 'export const a = 1;\n');
  });

  it('reads a filepath first line in the common comment styles, and leaves it out of the code', () => {
    const block = (language: string, first: string): string => `${fence}${language}\n${first}\nbody\n${fence}`;
    const reply = [
      block('ts', '// filepath: src/app.ts'),
      block('py', '# filepath: tools/run.py'),
      block('sql', '-- file: db/schema.sql'),
      block('html', '<!-- filepath: web/index.html -->'),
      block('css', '/* filepath: web/site.css */'),
      block('jsx', '{/* filepath: web/App.jsx */}'),
      block('ts', '// File Path: src/spaced.ts'),
    ].join('\n\n');
    assert.deepEqual(
      labelledBlocks(reply).map((each) => [each.path, each.source, each.code]),
      [
        ['src/app.ts', 'firstLine', 'body\n'],
        ['tools/run.py', 'firstLine', 'body\n'],
        ['db/schema.sql', 'firstLine', 'body\n'],
        ['web/index.html', 'firstLine', 'body\n'],
        ['web/site.css', 'firstLine', 'body\n'],
        ['web/App.jsx', 'firstLine', 'body\n'],
        ['src/spaced.ts', 'firstLine', 'body\n'],
      ],
    );
  });

  it('reads a line just above the block that holds the path alone, through headings, lists and emphasis', () => {
    const above = (line: string, blank = false): string => `${line}\n${blank ? '\n' : ''}${fence}ts\ncode\n${fence}`;
    const reply = [
      above('### src/app.ts'),
      above('**src/util.ts**:'),
      above('File: `lib/my_helpers.ts`', true),
      above('- **`src/deep/nested.ts`**'),
      above('`Makefile.am`:'),
      above('src/colon.ts:'),
    ].join('\n\n');
    assert.deepEqual(
      labels(reply).map(([, path, source]) => [path, source]),
      [
        ['src/app.ts', 'above'],
        ['src/util.ts', 'above'],
        ['lib/my_helpers.ts', 'above'],
        ['src/deep/nested.ts', 'above'],
        ['Makefile.am', 'above'],
        ['src/colon.ts', 'above'],
      ],
    );
  });

  it('reads a short line above that introduces the block with one path in code marks', () => {
    const above = (line: string): string => `${line}\n${fence}ts\ncode\n${fence}`;
    const reply = [
      above('**File: src/bold.ts**'),
      above('### 1. `src/numbered.ts`'),
      above('### Update `src/heading.ts`'),
      above('Create `src/new.ts`:'),
      above('`src/first.ts` (new file)'),
      above('2. **Change `Cart` in `src/cart.ts`**:'),
      // Prose that mentions files, or more than one, names none.
      above('This uses `src/a.ts` and `src/b.ts`:'),
      above('The helper lives in `src/prose.ts` and is called once'),
      above(`Now, ${'as said before, '.repeat(8)}change \`src/long.ts\`:`),
      // Commands to run, introduced by the file they act on, are not that file.
      `Open \`web/index.html\`:\n${fence}bash\nnpx serve web\n${fence}`,
      `Create \`scripts/setup.sh\`:\n${fence}bash\nnpm ci\n${fence}`,
    ].join('\n\n');
    assert.deepEqual(
      labels(reply).map(([, path, source]) => [path, source]),
      [
        ['src/bold.ts', 'above'],
        ['src/numbered.ts', 'above'],
        ['src/heading.ts', 'above'],
        ['src/new.ts', 'above'],
        ['src/first.ts', 'above'],
        ['src/cart.ts', 'above'],
        ['scripts/setup.sh', 'above'],
      ],
    );
  });

  it('names no file for blocks that do not say one, and still counts them', () => {
    const reply = [
      `${fence}ts`,
      'const unnamed = 1;',
      fence,
      'Here is how you would change src/app.ts:',
      '',
      `${fence}bash example`,
      'npm test',
      fence,
      'See https://example.com/a.ts',
      `${fence}`,
      'plain',
      fence,
      `${fence}c++`,
      'int main() {}',
      fence,
      `${fence}js <b>bold</b> "quoted/x.ts" a|b/c.ts what?/x.ts`,
      'markup is not a file name',
      fence,
      '## src/last.ts',
      `${fence}ts`,
      'export {};',
      fence,
    ].join('\n');
    assert.deepEqual(labels(reply), [[5, 'src/last.ts', 'above', false]]);
  });

  it('marks a block that leaves code out with ...existing code..., in any comment style', () => {
    for (const marker of [
      '// ...existing code...',
      '# ... existing code ...',
      '-- ...existing code...',
      '/* …existing code… */',
      '<!-- ...existing code... -->',
      '    // ...existing code',
      '{/* ...existing code... */}',
      // What models write instead, in a comment: an ellipsis with words that say code is left out, or alone.
      '// ... rest of the file unchanged ...',
      '# ... other methods ...',
      '  // …remaining code…',
      '/* ... (unchanged) ... */',
      '<!-- ... omitted ... -->',
      '// ...',
      '    # ...',
    ]) {
      const [block] = labelledBlocks(`${fence}ts src/app.ts\nexport const a = 1;\n${marker}\nexport const z = 26;\n${fence}`);
      assert.equal(block?.partial, true, marker);
    }
    const [whole] = labelledBlocks(`${fence}ts src/app.ts\n// the existing code below is kept\nconst s = '...existing code...';\n${fence}`);
    assert.equal(whole?.partial, false, 'words about existing code, or the phrase in a string, mark nothing');
    for (const code of ['    ...', 'const all = [...rest];', ' * ...', '// ... which is why it retries', 'print("...")', '...args']) {
      const [block] = labelledBlocks(`${fence}ts src/app.ts\nexport const a = 1;\n${code}\n${fence}`);
      assert.equal(block?.partial, false, `${code}: an ellipsis outside a comment is code, and other words after one mark nothing`);
    }
  });

  it('reads replies with CRLF line breaks alike', () => {
    assert.deepEqual(labels(`## src/app.ts\r\n${fence}ts\r\ncode\r\n${fence}\r\n`), [[0, 'src/app.ts', 'above', false]]);
  });
});
