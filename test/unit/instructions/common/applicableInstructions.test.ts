import * as assert from 'node:assert/strict';
import {
  applicableInstructions,
  describeReason,
  type FileInQuestion,
  type InstructionFile,
} from '../../../../src/instructions/common/applicableInstructions';
import { instructionKind } from '../../../../src/instructions/common/instructionSources';

/** Files as the VS Code side hands them over: path, kind (from the path) and text. */
function files(entries: Record<string, string>): InstructionFile[] {
  return Object.entries(entries).map(([path, text]) => {
    const kind = instructionKind(path);
    assert.ok(kind !== undefined, path);
    return { path, kind, text };
  });
}

function question(...paths: string[]): FileInQuestion[] {
  return paths.map((path) => ({ folder: 'app', path }));
}

function applied(entries: Record<string, string>, inQuestion: FileInQuestion[]): Array<[string, string]> {
  return applicableInstructions('app', files(entries), inQuestion).applied.map((file) => [
    file.path,
    describeReason(file.reason, file.path),
  ]);
}

const WORKSPACE = {
  '.roo/rules/style.md': 'Roo style.',
  '.clinerules/web.md': '---\npaths:\n  - "web/**"\n---\nCline web.',
  '.continue/rules/always.md': 'Continue always.',
  '.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nTypeScript.',
  'web/src/AGENTS.md': 'Web src agents.',
  'AGENTS.md': 'Root agents.',
  'web/AGENTS.md': 'Web agents.',
  'api/AGENTS.md': 'API agents.',
  '.github/copilot-instructions.md': 'Copilot.',
  'CLAUDE.md': 'Root Claude.',
};

describe('which instruction files apply', () => {
  it('applies in the stated order, each with why: always-on, nearest AGENTS.md first, applyTo, Continue, Cline, Roo', () => {
    assert.deepEqual(applied(WORKSPACE, question('web/src/app.ts')), [
      ['.github/copilot-instructions.md', 'always'],
      ['web/src/AGENTS.md', 'nearest AGENTS.md to web/src/app.ts'],
      ['web/AGENTS.md', 'AGENTS.md above web/src/app.ts'],
      ['AGENTS.md', 'always'],
      ['CLAUDE.md', 'always'],
      ['.github/instructions/ts.instructions.md', 'applyTo **/*.ts matches web/src/app.ts'],
      ['.continue/rules/always.md', 'always'],
      ['.clinerules/web.md', 'paths web/** matches web/src/app.ts'],
      ['.roo/rules/style.md', 'always'],
    ]);
  });

  it('without a file in question sends only what applies everywhere: no nested AGENTS.md, no glob-scoped rule', () => {
    assert.deepEqual(
      applied(WORKSPACE, []).map(([path]) => path),
      ['.github/copilot-instructions.md', 'AGENTS.md', 'CLAUDE.md', '.continue/rules/always.md', '.roo/rules/style.md'],
    );
  });

  it('takes nested AGENTS.md file by file, the active file first, each once', () => {
    const result = applied(WORKSPACE, question('api/x.ts', 'web/src/app.ts', 'web/index.ts'));
    assert.deepEqual(
      result.filter(([path]) => path.endsWith('AGENTS.md')),
      [
        ['api/AGENTS.md', 'nearest AGENTS.md to api/x.ts'],
        ['web/src/AGENTS.md', 'nearest AGENTS.md to web/src/app.ts'],
        ['web/AGENTS.md', 'AGENTS.md above web/src/app.ts'],
        ['AGENTS.md', 'always'],
      ],
    );
  });

  it('counts only the files in question of its own workspace folder', () => {
    const elsewhere = [{ folder: 'other', path: 'web/src/app.ts' }];
    assert.deepEqual(
      applied(WORKSPACE, elsewhere).map(([path]) => path),
      applied(WORKSPACE, []).map(([path]) => path),
    );
  });

  describe("Copilot's applyTo", () => {
    it('does not apply a file without applyTo, and says so', () => {
      const result = applicableInstructions('app', files({ '.github/instructions/a.instructions.md': 'No header.' }), question('a.ts'));
      assert.deepEqual(result.applied, []);
      assert.deepEqual(result.skipped, [{ path: '.github/instructions/a.instructions.md', why: 'noApplyTo', errors: [] }]);
    });

    it('applies ** to every send, even without a file in question', () => {
      assert.deepEqual(applied({ '.github/instructions/all.instructions.md': '---\napplyTo: "**"\n---\nAll.' }, []), [
        ['.github/instructions/all.instructions.md', 'applyTo ** covers every file'],
      ]);
    });

    it('matches a relative glob at any depth and without case, and reports the first pattern that matches', () => {
      const entries = { '.github/instructions/web.instructions.md': '---\napplyTo: "docs/**, src/**/*.TS"\n---\nWeb.' };
      assert.deepEqual(applied(entries, question('README.md', 'packages/ui/src/button.ts')), [
        ['.github/instructions/web.instructions.md', 'applyTo src/**/*.TS matches packages/ui/src/button.ts'],
      ]);
      assert.deepEqual(applied(entries, question('lib/a.ts')), []);
    });

    it('anchors a glob that starts with / at the folder root', () => {
      const entries = { '.github/instructions/root.instructions.md': '---\napplyTo: "/src/*.ts"\n---\nRoot src.' };
      assert.equal(applied(entries, question('src/a.ts')).length, 1);
      assert.equal(applied(entries, question('pkg/src/a.ts')).length, 0);
    });
  });

  describe("Continue's rules", () => {
    const rule = (header: string): Record<string, string> => ({ '.continue/rules/r.md': `---\n${header}\n---\nRule.` });

    it('applies alwaysApply: true always, and a rule with neither key always', () => {
      assert.equal(applied(rule('alwaysApply: true\nglobs: "src/**"'), []).length, 1);
      assert.equal(applied(rule('description: x'), []).length, 1);
    });

    it('applies globs when a file in question matches from the folder root, and alwaysApply: false alone never', () => {
      assert.deepEqual(applied(rule('globs: ["src/**/*.ts"]\nalwaysApply: false'), question('src/a.ts')), [
        ['.continue/rules/r.md', 'globs src/**/*.ts matches src/a.ts'],
      ]);
      assert.equal(applied(rule('globs: "src/**/*.ts"'), question('pkg/src/a.ts')).length, 0);
      assert.equal(applied(rule('alwaysApply: false'), question('src/a.ts')).length, 0);
    });

    it('leaves out what a !glob excludes', () => {
      const negated = rule('globs: ["src/**", "!src/generated/**"]');
      assert.equal(applied(negated, question('src/generated/x.ts')).length, 0);
      assert.equal(applied(negated, question('src/generated/x.ts', 'src/a.ts')).length, 1);
    });
  });

  describe("Cline's rules", () => {
    it('applies a rule without paths always, and the .clinerules file too', () => {
      assert.deepEqual(applied({ '.clinerules': 'Legacy file.', '.clinerules/a.md': 'A.' }, []), [
        ['.clinerules', 'always'],
        ['.clinerules/a.md', 'always'],
      ]);
    });

    it('matches paths from the folder root, and paths: [] turns a rule off', () => {
      const scoped = { '.clinerules/web.md': '---\npaths: ["web/**"]\n---\nWeb.' };
      assert.equal(applied(scoped, question('web/a.ts')).length, 1);
      assert.equal(applied(scoped, question('apps/web/a.ts')).length, 0);
      assert.equal(applied({ '.clinerules/off.md': '---\npaths: []\n---\nOff.' }, question('a.ts')).length, 0);
    });
  });

  it('never applies a file whose deciding front matter cannot be read, and reports the line', () => {
    const result = applicableInstructions(
      'app',
      files({ '.continue/rules/ts.md': '---\nglobs: **/*.ts\n---\nTypeScript.', '.clinerules/x.md': '---\n  paths: a\n---\nX.' }),
      question('a.ts'),
    );
    assert.deepEqual(result.applied, []);
    assert.deepEqual(result.skipped, [
      { path: '.continue/rules/ts.md', why: 'frontMatter', errors: [{ line: 2, problem: 'alias', key: 'globs' }] },
      { path: '.clinerules/x.md', why: 'frontMatter', errors: [{ line: 2, problem: 'indentation' }] },
    ]);
  });

  it('still applies a file whose only unreadable key does not decide (a description)', () => {
    assert.deepEqual(applied({ '.clinerules/a.md': '---\ndescription: 2024\n---\nA.' }, []), [['.clinerules/a.md', 'always']]);
  });

  it('sends the text after the front matter, the whole file for the kinds read as they are, and skips empty files', () => {
    const result = applicableInstructions(
      'app',
      files({
        '.continue/rules/a.md': '---\nalwaysApply: true\n---\nRule A.',
        'AGENTS.md': '---\nx: 1\n---\nAs is.',
        '.roo/rules/empty.md': ' \n',
      }),
      [],
    );
    assert.deepEqual(
      result.applied.map((file) => [file.path, file.text]),
      [
        ['AGENTS.md', '---\nx: 1\n---\nAs is.'],
        ['.continue/rules/a.md', 'Rule A.'],
      ],
    );
  });

  describe("the user's own files", () => {
    const own = (text: string): InstructionFile[] => [{ path: '~/.cluster-chat/instructions/style.md', kind: 'userInstruction', text }];

    it('apply to every send without applyTo, the front matter left out', () => {
      const result = applicableInstructions('', own('---\ndescription: mine\n---\nShort answers.'), []);
      assert.deepEqual(
        result.applied.map((file) => [file.path, file.text, describeReason(file.reason, file.path)]),
        [['~/.cluster-chat/instructions/style.md', 'Short answers.', 'always']],
      );
    });

    it('apply by applyTo to the files in question only, as Copilot reads it', () => {
      const scoped = own('---\napplyTo: "**/*.py"\n---\nPEP 8.');
      assert.deepEqual(applicableInstructions('', scoped, [{ folder: '', path: 'web/app.ts' }]).applied, []);
      assert.deepEqual(
        applicableInstructions('', scoped, [{ folder: '', path: 'tools/build.py' }]).applied.map((file) =>
          describeReason(file.reason, file.path),
        ),
        ['applyTo **/*.py matches tools/build.py'],
      );
    });

    it('are reported, not sent, when the applyTo cannot be read', () => {
      const result = applicableInstructions('', own('---\napplyTo: "**/*.py\n---\nPEP 8.'), []);
      assert.deepEqual(result.applied, []);
      assert.equal(result.skipped[0]?.why, 'frontMatter');
    });

    it('go before the workspace kinds when handed over together', () => {
      const result = applicableInstructions('', [...files({ '.roo/rules/a.md': 'Roo.' }), ...own('Mine.')], []);
      assert.deepEqual(
        result.applied.map((file) => file.kind),
        ['userInstruction', 'rooRule'],
      );
    });
  });
});
