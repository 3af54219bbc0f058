import * as assert from 'node:assert/strict';
import { globMatches } from '../../../../src/instructions/common/glob';
import {
  INSTRUCTION_FILE_PATTERNS,
  INSTRUCTION_FILES_EXCLUDE,
  INSTRUCTION_FILES_GLOB,
  instructionKind,
  isUserInstructionName,
  type InstructionKind,
} from '../../../../src/instructions/common/instructionSources';

const KINDS: ReadonlyArray<readonly [string, InstructionKind]> = [
  ['AGENTS.md', 'agentsMd'],
  ['web/AGENTS.md', 'agentsMd'],
  ['packages/api/src/AGENTS.md', 'agentsMd'],
  ['CLAUDE.md', 'claudeMd'],
  ['packages/api/CLAUDE.md', 'claudeMd'],
  ['.github/copilot-instructions.md', 'copilotInstructions'],
  ['.github/instructions/ts.instructions.md', 'scopedInstructions'],
  ['.github/instructions/frontend/react.instructions.md', 'scopedInstructions'],
  ['.clinerules', 'clineRule'],
  ['.clinerules/style.md', 'clineRule'],
  ['.clinerules/notes.txt', 'clineRule'],
  ['.clinerules/guide.markdown', 'clineRule'],
  ['.continue/rules/typescript.md', 'continueRule'],
  ['.continue/rules/team/review.md', 'continueRule'],
  ['.roo/rules/01-style.md', 'rooRule'],
  ['.roo/rules/deep/notes.txt', 'rooRule'],
];

const NOT_INSTRUCTIONS = [
  'README.md',
  'agents.md',
  'docs/AGENTS.md.bak',
  'web/copilot-instructions.md',
  '.github/copilot-instructions.txt',
  '.github/instructions/ts.md',
  '.github/prompts/review.prompt.md',
  '.clinerules/workflows/release.md',
  '.clinerules/hooks/pre.md',
  '.clinerules/skills/x/SKILL.md',
  '.clinerules/script.sh',
  '.continue/rules/config.yaml',
  '.continue/prompts/tests.md',
  '.roo/rules/.DS_Store',
  '.roo/rules/notes.md.swp',
  '.roo/rules-code/style.md',
  '.roo/commands/review.md',
  'node_modules/left-pad/AGENTS.md',
  'web/node_modules/x/CLAUDE.md',
  '.git/AGENTS.md',
  '.venv/lib/pkg/AGENTS.md',
  '../AGENTS.md',
  './AGENTS.md',
];

describe('which files are instruction files', () => {
  for (const [path, kind] of KINDS) {
    it(`${path} is ${kind}, and the globs for finding files find it`, () => {
      assert.equal(instructionKind(path), kind);
      assert.ok(globMatches(INSTRUCTION_FILES_GLOB, path), `${INSTRUCTION_FILES_GLOB} misses ${path}`);
    });
  }

  it('reads no other file as instructions: prompt files, workflows, hooks, editor files, dependencies', () => {
    assert.deepEqual(
      NOT_INSTRUCTIONS.filter((path) => instructionKind(path) !== undefined),
      [],
    );
  });

  it('excludes what the VS Code side should not search: dependencies, git, virtual environments', () => {
    for (const path of ['node_modules/a/AGENTS.md', 'x/.git/CLAUDE.md', '.venv/AGENTS.md']) {
      assert.ok(globMatches(INSTRUCTION_FILES_EXCLUDE, path), path);
    }
    assert.equal(globMatches(INSTRUCTION_FILES_EXCLUDE, 'web/AGENTS.md'), false);
  });

  it('joins the patterns into one group without nested braces, which VS Code globs do not read', () => {
    assert.ok(INSTRUCTION_FILE_PATTERNS.every((pattern) => !/[{}]/.test(pattern)));
    assert.equal(INSTRUCTION_FILES_GLOB, `{${INSTRUCTION_FILE_PATTERNS.join(',')}}`);
  });

  it("takes the user's own instruction files by their text endings, never a hidden or bare one", () => {
    assert.deepEqual(
      ['style.md', 'python.instructions.md', 'notes.txt', 'a.markdown', '.md', '.hidden.swp', 'image.png', 'md'].filter(
        isUserInstructionName,
      ),
      ['style.md', 'python.instructions.md', 'notes.txt', 'a.markdown'],
    );
  });
});
