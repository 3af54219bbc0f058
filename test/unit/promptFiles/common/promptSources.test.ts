import * as assert from 'node:assert/strict';
import { globMatches } from '../../../../src/instructions/common/glob';
import { instructionKind } from '../../../../src/instructions/common/instructionSources';
import {
  isUserPromptName,
  PROMPT_FILES_GLOB,
  promptKind,
  readPromptFile,
  readUserPromptFile,
  type PromptKind,
} from '../../../../src/promptFiles/common/promptSources';

const KINDS: ReadonlyArray<readonly [string, PromptKind]> = [
  ['.github/prompts/review.prompt.md', 'copilotPrompt'],
  ['.roo/commands/release.md', 'rooCommand'],
  ['.clinerules/workflows/deploy.md', 'clineWorkflow'],
  ['.continue/prompts/tests.md', 'continuePrompt'],
  ['.continue/prompts/tests.prompt', 'continuePrompt'],
];

describe('which files are prompt files', () => {
  for (const [path, kind] of KINDS) {
    it(`${path} is ${kind}, found by the globs, and is not an instruction file`, () => {
      assert.equal(promptKind(path), kind);
      assert.ok(globMatches(PROMPT_FILES_GLOB, path));
      assert.equal(instructionKind(path), undefined);
    });
  }

  it('reads no other file as a prompt: other endings, sub-folders, hidden files', () => {
    const others = [
      '.github/prompts/review.md',
      '.github/prompts/team/review.prompt.md',
      '.github/prompts/.prompt.md',
      '.roo/commands/sub/x.md',
      '.roo/commands/.hidden.md',
      '.clinerules/deploy.md',
      '.continue/prompts/notes.txt',
      'prompts/review.prompt.md',
    ];
    assert.deepEqual(
      others.filter((path) => promptKind(path) !== undefined),
      [],
    );
  });
});

describe('the command a prompt file makes', () => {
  it('is named by the file, with description and argument hint from the front matter and the body without it', () => {
    const text = '---\ndescription: Review the code\nargument-hint: <focus>\nmode: agent\n---\nReview ${selection}.';
    assert.deepEqual(readPromptFile('app', '.github/prompts/review.prompt.md', text), {
      command: {
        folder: 'app',
        path: '.github/prompts/review.prompt.md',
        kind: 'copilotPrompt',
        name: 'review',
        body: 'Review ${selection}.',
        description: 'Review the code',
        argumentHint: '<focus>',
      },
    });
  });

  it('names a Cline workflow and a Roo command without their .md', () => {
    const workflow = readPromptFile('app', '.clinerules/workflows/deploy.md', 'Deploy it.');
    const command = readPromptFile('app', '.roo/commands/release-notes.md', 'Write notes.');
    assert.ok(workflow !== undefined && 'command' in workflow && command !== undefined && 'command' in command);
    assert.equal(workflow.command.name, 'deploy');
    assert.equal(command.command.name, 'release-notes');
  });

  it("makes a Continue prompt a command only with invokable: true, named by its name with spaces as '-'", () => {
    assert.deepEqual(readPromptFile('app', '.continue/prompts/t.md', '---\nname: Write tests\n---\nWrite tests.'), { notInvokable: true });
    const invokable = readPromptFile('app', '.continue/prompts/t.md', '---\nname: Write tests\ninvokable: true\n---\nWrite tests.');
    assert.ok(invokable !== undefined && 'command' in invokable);
    assert.equal(invokable.command.name, 'Write-tests');
  });

  it('reports front matter it cannot read, and a name no one can type', () => {
    assert.deepEqual(readPromptFile('app', '.roo/commands/x.md', '---\ndescription: "open\n---\nX.'), {
      errors: [{ line: 2, problem: 'unclosedQuote', key: 'description' }],
    });
    assert.deepEqual(readPromptFile('app', '.roo/commands/x.md', '---\nname: "/slash"\n---\nX.'), { badName: '/slash' });
  });

  it('ignores an unreadable key that makes no part of a command', () => {
    const reading = readPromptFile('app', '.github/prompts/a.prompt.md', '---\napplyTo: **\ntools: [a]\n---\nA.');
    assert.ok(reading !== undefined && 'command' in reading);
  });

  it('returns nothing for a path that is not a prompt file', () => {
    assert.equal(readPromptFile('app', 'README.md', 'x'), undefined);
  });

  it("makes a command of each of the user's own prompt files, *.prompt.md or *.md, named by the file or its name", () => {
    assert.deepEqual(['review.prompt.md', 'tests.md', '.md', '.x.md', 'notes.txt', 'prompt.md'].filter(isUserPromptName), [
      'review.prompt.md',
      'tests.md',
      'prompt.md',
    ]);
    const reading = readUserPromptFile(
      '~/.cluster-chat/prompts/review.prompt.md',
      'review.prompt.md',
      '---\ndescription: Mine\n---\nReview it.',
    );
    assert.deepEqual(reading, {
      command: {
        folder: '',
        path: '~/.cluster-chat/prompts/review.prompt.md',
        kind: 'userPrompt',
        name: 'review',
        body: 'Review it.',
        description: 'Mine',
      },
    });
    assert.deepEqual(readUserPromptFile('~/p/x.md', 'x.md', '---\nname: "/x"\n---\nX.'), { badName: '/x' });
    assert.equal(readUserPromptFile('~/p/notes.txt', 'notes.txt', 'x'), undefined);
  });
});
