import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { mergeBlock, type MergeResult } from '../../../../src/fileEdits/common/mergeBlock';

/** The golden cases stay in the source tree: tests run from out/test/unit/fileEdits/common. */
const GOLDEN = path.resolve(__dirname, '../../../../../test/unit/fileEdits/golden');
/** A section's last line, as in a diff: the section's text ends without a newline. */
const NO_NEWLINE = /\r?\n\\ No newline at end of file\r?\n$/u;
const HEADER = /^=== (original|block|expected(?: uncertain (\w+))?)\r?$/gmu;

interface Golden {
  readonly original: string;
  readonly block: string;
  readonly expected: MergeResult;
}

/**
 * A golden file: `=== original`, `=== block` and `=== expected` lines, each followed by its text byte
 * for byte (CRLF included), or `=== expected uncertain <reason>` with nothing after.
 */
function readGolden(file: string): Golden {
  const text = fs.readFileSync(file, 'utf8');
  const headers = [...text.matchAll(HEADER)];
  const sections = new Map<string, string>();
  headers.forEach((header, index) => {
    const start = (header.index ?? 0) + header[0].length + 1;
    const end = headers[index + 1]?.index ?? text.length;
    sections.set(
      header[1]?.startsWith('expected') === true ? 'expected' : (header[1] ?? ''),
      text.slice(start, end).replace(NO_NEWLINE, ''),
    );
  });
  const refusal = headers.find((header) => header[2] !== undefined)?.[2];
  const original = sections.get('original');
  const block = sections.get('block');
  const expected = sections.get('expected');
  assert.ok(original !== undefined && block !== undefined && expected !== undefined, `${file}: three sections`);
  if (refusal === undefined) return { original, block, expected: { kind: 'merged', text: expected } };
  assert.equal(expected, '', `${file}: nothing after a refusal`);
  return { original, block, expected: { kind: 'uncertain', reason: refusal as 'noAnchors' } };
}

/** The result without the line a refusal names, which the golden files leave out. */
function comparable(result: MergeResult): MergeResult {
  return result.kind === 'merged' ? result : { kind: 'uncertain', reason: result.reason };
}

/** Each case's path below GOLDEN; the cases are grouped in one folder per language. */
const files = fs
  .readdirSync(GOLDEN, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.golden'))
  .sort((a, b) => (path.basename(a) < path.basename(b) ? -1 : 1));

describe('placing a partial code block into the original file', () => {
  describe('golden cases', () => {
    for (const name of files) {
      it(path.basename(name, '.golden'), () => {
        const golden = readGolden(path.join(GOLDEN, name));
        assert.deepEqual(comparable(mergeBlock(golden.original, golden.block)), golden.expected);
      });
    }
  });

  it('has at least 40 golden cases, refusals among them', () => {
    assert.ok(files.length >= 40, `${files.length} cases`);
    const refusals = files.filter((name) => readGolden(path.join(GOLDEN, name)).expected.kind === 'uncertain');
    assert.ok(refusals.length >= 8, `${refusals.length} refusals`);
  });

  it('takes a block without a marker as the whole file, in the original line endings', () => {
    assert.deepEqual(mergeBlock('a\r\nb\r\n', 'x\ny\n'), { kind: 'merged', text: 'x\r\ny\r\n' });
    assert.deepEqual(mergeBlock('a\nb', 'x\ny\n'), { kind: 'merged', text: 'x\ny' });
    assert.deepEqual(mergeBlock('', 'x\n'), { kind: 'merged', text: 'x\n' });
  });

  it('names the block line where placing failed', () => {
    const original = 'function a() {\n  return null;\n}\nfunction b() {\n  return null;\n}\n';
    const result = mergeBlock(original, '// ...existing code...\n  return null;\n// ...existing code...\n');
    assert.deepEqual(result, { kind: 'uncertain', reason: 'anchorAmbiguous', line: 2 });
  });

  it('keeps the original where a block holds only markers and blank lines', () => {
    assert.deepEqual(mergeBlock('a\nb\n', '// ...existing code...\n\n// ...existing code...\n'), { kind: 'merged', text: 'a\nb\n' });
  });

  it('grows an anchor by the lines next to it until it is unique', () => {
    const original = ['if (x) {', '  run();', '}', 'if (x) {', '  stop();', '}', ''].join('\n');
    const result = mergeBlock(original, '// ...existing code...\nif (x) {\n  stop();\n  log();\n}\n');
    assert.deepEqual(result, {
      kind: 'merged',
      text: ['if (x) {', '  run();', '}', 'if (x) {', '  stop();', '  log();', '}', ''].join('\n'),
    });
  });

  it('does not throw on odd input', () => {
    const pieces = ['// ...existing code...', '}', '', '{', 'a', 'b', '  a', '# ...existing code...', '\r', '## a', 'def a():', '    b'];
    let seed = 7;
    const pick = (): string => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return pieces[seed % pieces.length] ?? '';
    };
    for (let round = 0; round < 500; round++) {
      const original = Array.from({ length: round % 13 }, pick).join('\n');
      const block = Array.from({ length: round % 7 }, pick).join(round % 2 === 0 ? '\n' : '\r\n');
      const result = mergeBlock(original, block);
      assert.ok(result.kind === 'merged' || result.kind === 'uncertain');
    }
  });

  it('places a block into a large file', () => {
    const original = Array.from({ length: 10_000 }, (_, index) => `export const value${index} = ${index};`).join('\n');
    const block = [
      '// ...existing code...',
      'export const value5000 = 5000;',
      'export const added = true;',
      'export const value5001 = 5001;',
      '// ...existing code...',
    ];
    const result = mergeBlock(original, block.join('\n'));
    assert.equal(result.kind, 'merged');
    assert.equal(result.kind === 'merged' ? result.text.split('\n')[5001] : '', 'export const added = true;');
  });
});
