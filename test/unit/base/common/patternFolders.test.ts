import * as assert from 'node:assert/strict';
import { patternFolders } from '../../../../src/base/common/patternFolders';
import { INSTRUCTION_FILE_PATTERNS } from '../../../../src/instructions/common/instructionSources';
import { PROMPT_FILE_PATTERNS } from '../../../../src/promptFiles/common/promptSources';

describe('the folders glob patterns name before their first wildcard', () => {
  it('takes the segments before a wildcard and leaves out the file name', () => {
    assert.deepEqual(patternFolders(['a/b/**/*.md', 'c/d.md', 'e/{f,g}/h.md', 'i/j?/k.md']), ['a/b', 'c', 'e', 'i']);
  });

  it('gives none for a pattern that starts with a wildcard or names a file at the top, and each folder once', () => {
    assert.deepEqual(patternFolders(['**/AGENTS.md', '.clinerules', '.clinerules/*.md', '.clinerules/*.txt']), ['.clinerules']);
  });

  it('names every folder the instruction and prompt files live in', () => {
    assert.deepEqual(patternFolders(INSTRUCTION_FILE_PATTERNS), [
      '.github',
      '.github/instructions',
      '.clinerules',
      '.continue/rules',
      '.roo/rules',
    ]);
    assert.deepEqual(patternFolders(PROMPT_FILE_PATTERNS), [
      '.github/prompts',
      '.roo/commands',
      '.clinerules/workflows',
      '.continue/prompts',
    ]);
  });
});
