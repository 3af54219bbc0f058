import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { parseYamlMapping, type YamlProblem, type YamlValue } from '../../../../src/instructions/common/yamlSubset';

// js-yaml (a build tool's dependency) is the oracle only: the extension reads front matter with its own small parser.
const jsYaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };

/** Front matters as the peers' users write them (without the `---` lines). */
const SUPPORTED: ReadonlyArray<readonly [string, string]> = [
  ['Copilot applyTo, comma-separated', 'applyTo: "**/*.ts,**/*.tsx"'],
  ['Copilot description and applyTo', 'description: "Documentation and content creation standards"\napplyTo: "content/notes/**/*.md"'],
  ['single-quoted glob', "applyTo: '**/*.md'"],
  ['applyTo as a block sequence', 'applyTo:\n  - ".github/instructions/*.instruction.md"'],
  [
    'Continue rule with a flow sequence',
    'name: TypeScript rules\nglobs: ["**/*.ts", "**/*.tsx"]\nalwaysApply: false\ndescription: Use strict types',
  ],
  ['Continue rule with a block sequence', 'globs:\n  - "src/**/*.ts"\n  - "tests/**/*.ts"\nalwaysApply: false'],
  ['Cline paths', 'paths:\n  - "apps/web/**"\n  - "packages/*/src/**"'],
  ['block sequence in column 0', 'paths:\n- "src/**"\n- lib/**'],
  [
    'Copilot prompt file',
    "mode: 'agent'\nmodel: GPT-4o\ntools: ['githubRepo', 'codebase']\ndescription: 'Generate a new React form component'",
  ],
  ['Roo command', 'description: Run tests with coverage\nargument-hint: <test file or pattern>'],
  ['Continue prompt', 'name: Write tests\ndescription: Write unit tests for the selected code\ninvokable: true'],
  ['folded description', 'description: >-\n  Review the selected code for security\n  problems and suggest fixes.\napplyTo: "**"'],
  ['folded with a blank line, clipped', 'description: >\n  one\n  two\n\n  three\nname: x'],
  ['literal description', 'description: |\n  Line one\n    indented\n  Line two\n'],
  ['literal, kept', 'description: |+\n  one\n\nname: x'],
  ['comments', '# Rules for tests\napplyTo: "**/*.test.ts" # only tests\n\nalwaysApply: true # always'],
  ['Cursor-style empty keys', 'description:\nglobs:\nalwaysApply: true'],
  ['quote inside single quotes', "description: 'Don''t use any'"],
  ['escapes in double quotes', 'description: "Use \\"const\\" \\u2014 always\\tnow \\x41"'],
  ['plain scalar over two lines', 'description: Review the code\n  for problems\n\n  and style\nname: review'],
  ['hyphenated key, brackets in quotes', 'argument-hint: "[file] [focus]"\nname: review'],
  ['flow sequence over lines', "tools: [\n  'codebase',\n  'editFiles'\n]\nname: x"],
  ['empty flow sequence, trailing comma', 'tools: []\nglobs: [a, b,]'],
  ['numbers and a date stay out of text', 'version: 1.0\ndate: 2024-05-01\ncount: 012\nhex: 0x1F'],
  ['YAML 1.2 booleans and nulls', 'alwaysApply: True\ninvokable: yes\nmodel: ~\nname: Null'],
  ['hash and colon inside plain text', 'description: see https://example.com/a#b, then x:y\nname: a#b'],
  ['quoted key', '"applyTo": "**/*.py"'],
  ['comment after a quoted value', 'description: "x" # note'],
];

/**
 * Front matters that are not YAML (js-yaml refuses them, or reads no text there: `notYaml`), and
 * YAML outside the subset: either way an error on the line, never a value.
 */
const UNREADABLE: ReadonlyArray<readonly [string, string, number, YamlProblem, 'notYaml' | 'outside']> = [
  ['an unquoted glob starting with *, which YAML reads as an alias', 'name: x\nglobs: **/*.ts', 2, 'alias', 'notYaml'],
  ['a flow mapping', 'applyTo: {a: 1}', 1, 'flowMapping', 'notYaml'],
  ['a nested mapping', 'applyTo:\n  nested: x', 2, 'nested', 'notYaml'],
  ['a mapping as a sequence item', 'handoffs:\n  - label: Start\n    agent: agent', 2, 'nested', 'notYaml'],
  ['an unclosed quote', 'description: "unclosed', 1, 'unclosedQuote', 'notYaml'],
  ['an unknown escape', 'description: "bad \\q"', 1, 'badEscape', 'notYaml'],
  ['an unclosed flow sequence', 'tools: [a, b\nname: x', 1, 'unclosedSequence', 'notYaml'],
  ['a nested flow sequence', 'globs: [a, [b]]', 1, 'nested', 'notYaml'],
  ['a tab for indentation', 'globs:\n\t- a', 2, 'tab', 'notYaml'],
  ['a key given twice', 'applyTo: x\napplyTo: y', 2, 'duplicateKey', 'notYaml'],
  ['a colon and space inside a plain value', 'description: a: b', 1, 'syntax', 'notYaml'],
  ['text after a quoted value', 'description: "x" y', 1, 'syntax', 'notYaml'],
  ['a sequence on the key line', 'paths: - a', 1, 'nested', 'notYaml'],
  ['an anchor', 'description: &a x', 1, 'anchor', 'outside'],
  ['a tag', 'description: !!str x', 1, 'tag', 'outside'],
  ['an indentation indicator on a block scalar', 'description: >2\n  x', 1, 'blockScalar', 'outside'],
  ['a more-indented line in a folded scalar', 'description: >\n  one\n    more\n  two', 3, 'blockScalar', 'outside'],
  ['a document that is a sequence', '- a', 1, 'notAKey', 'outside'],
  ['an indented first line', '  indented: x', 1, 'indentation', 'outside'],
  ['an item going on over a second line', 'paths:\n  - a\n    b', 3, 'nested', 'outside'],
];

/** Whether js-yaml refuses `text`, or reads a value there that is neither text nor a list of text. */
function jsYamlReadsNoText(text: string): boolean {
  let theirs: unknown;
  try {
    theirs = jsYaml.load(text);
  } catch {
    return true;
  }
  const plain = (value: unknown): boolean => value === null || ['string', 'boolean'].includes(typeof value);
  return Object.values(theirs as Record<string, unknown>).some((value) => !(plain(value) || (Array.isArray(value) && value.every(plain))));
}

function parse(text: string): ReturnType<typeof parseYamlMapping> {
  return parseYamlMapping(text.split('\n'), 1);
}

/** Our value against js-yaml's: equal, or ours kept as written where js-yaml reads a number or a date. */
function agrees(ours: YamlValue, theirs: unknown): boolean {
  if (Array.isArray(ours)) {
    const items: readonly unknown[] = ours;
    return Array.isArray(theirs) && theirs.length === items.length && items.every((item, k) => agrees(item as YamlValue, theirs[k]));
  }
  if (ours !== null && typeof ours === 'object') {
    return typeof theirs === 'number' || theirs instanceof Date;
  }
  return ours === theirs;
}

describe('the YAML subset of front matter, against js-yaml', () => {
  for (const [what, text] of SUPPORTED) {
    it(`reads ${what} as js-yaml does`, () => {
      const theirs = jsYaml.load(text) as Record<string, unknown>;
      const ours = parse(text);
      assert.deepEqual(ours.errors, []);
      assert.deepEqual([...ours.values.keys()], Object.keys(theirs));
      for (const [key, value] of ours.values) {
        assert.ok(agrees(value, theirs[key]), `${key}: ${JSON.stringify(value)} ≠ ${JSON.stringify(theirs[key])}`);
      }
    });
  }

  for (const [what, text, line, problem, kind] of UNREADABLE) {
    it(`reports ${what} on line ${line}${kind === 'notYaml' ? ', where js-yaml reads no text either' : ' rather than read it'}`, () => {
      const parsed = parse(text);
      assert.deepEqual(
        parsed.errors.map((error) => [error.line, error.problem]),
        [[line, problem]],
      );
      assert.ok(!parsed.values.has(parsed.errors[0]?.key ?? ''));
      if (kind === 'notYaml') {
        assert.ok(jsYamlReadsNoText(text));
      }
    });
  }

  it('leaves a key with an error unread, even where an earlier line gave it a value', () => {
    const parsed = parse('applyTo: "**/*.ts"\napplyTo: "**/*.js"\nname: x');
    assert.equal(parsed.values.has('applyTo'), false);
    assert.equal(parsed.values.get('name'), 'x');
  });

  it('reads on after an error: the next key is read', () => {
    const parsed = parse('handoffs:\n  - label: Start\n    agent: agent\ndescription: Plan first');
    assert.deepEqual(parsed.errors, [{ line: 2, problem: 'nested', key: 'handoffs' }]);
    assert.equal(parsed.values.get('description'), 'Plan first');
  });
});
