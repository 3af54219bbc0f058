import * as assert from 'node:assert/strict';
import { parseFrontMatter } from '../../../../src/instructions/common/frontMatter';

describe('front matter', () => {
  it('splits the --- block from the body and reads the keys the peers give meaning to', () => {
    const parsed = parseFrontMatter(
      [
        '---',
        'description: Review the code',
        'argument-hint: <file>',
        'name: review',
        'invokable: true',
        'alwaysApply: false',
        'applyTo: "**/*.ts, **/*.{js,jsx}"',
        'globs: ["src/**", "!src/gen/**"]',
        'paths:',
        '  - apps/web/**',
        'mode: agent',
        '---',
        '# Review',
        'Look for bugs.',
      ].join('\n'),
    );
    assert.deepEqual(parsed.frontMatter, {
      description: 'Review the code',
      argumentHint: '<file>',
      name: 'review',
      invokable: true,
      alwaysApply: false,
      applyTo: ['**/*.ts', '**/*.{js,jsx}'],
      globs: ['src/**', '!src/gen/**'],
      paths: ['apps/web/**'],
    });
    assert.equal(parsed.body, '# Review\nLook for bugs.');
    assert.equal(parsed.hasFrontMatter, true);
    assert.deepEqual(parsed.errors, []);
  });

  it('gives a file without front matter whole as its body', () => {
    const parsed = parseFrontMatter('# Rules\n---\nmore');
    assert.deepEqual(parsed, { frontMatter: {}, body: '# Rules\n---\nmore', hasFrontMatter: false, errors: [] });
  });

  it('reads Windows line ends and a byte order mark, and keeps the body’s line ends as they are', () => {
    const parsed = parseFrontMatter('\uFEFF---\r\napplyTo: "**/*.py"\r\n---\r\nUse type hints.\r\n');
    assert.deepEqual(parsed.frontMatter, { applyTo: ['**/*.py'] });
    assert.equal(parsed.body, 'Use type hints.\r\n');
  });

  it('reports an opening --- without a closing one, and reads no front matter', () => {
    const parsed = parseFrontMatter('---\napplyTo: "**"\nUse tabs.');
    assert.deepEqual(parsed.errors, [{ line: 1, problem: 'unclosed' }]);
    assert.equal(parsed.hasFrontMatter, false);
    assert.deepEqual(parsed.frontMatter, {});
  });

  it('reports a value of the wrong kind on its line and leaves the key out', () => {
    const parsed = parseFrontMatter('---\nname: 2024\nalwaysApply: yes\napplyTo: [1, 2]\ndescription: fine\n---\nbody');
    assert.deepEqual(parsed.errors, [
      { line: 2, problem: 'notText', key: 'name' },
      { line: 3, problem: 'notBoolean', key: 'alwaysApply' },
      { line: 4, problem: 'notGlobs', key: 'applyTo' },
    ]);
    assert.deepEqual(parsed.frontMatter, { description: 'fine' });
  });

  it('reports YAML it cannot read with the line in the file, for the keys it reads', () => {
    const parsed = parseFrontMatter('---\ndescription: x\nglobs: **/*.ts\n---\nbody');
    assert.deepEqual(parsed.errors, [{ line: 3, problem: 'alias', key: 'globs' }]);
    assert.deepEqual(parsed.frontMatter, { description: 'x' });
  });

  it('lets keys it does not read hold any YAML', () => {
    const parsed = parseFrontMatter('---\nhandoffs:\n  - label: Start\n    agent: plan\ntools: &t [a]\ndescription: Plan\n---\nbody');
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(parsed.frontMatter, { description: 'Plan' });
  });

  it('takes an empty key as absent, as Cursor-style rules write them', () => {
    const parsed = parseFrontMatter('---\ndescription:\nglobs:\nalwaysApply: true\n---\nAlways.');
    assert.deepEqual(parsed.frontMatter, { alwaysApply: true });
    assert.deepEqual(parsed.errors, []);
  });

  it('keeps an empty glob list, which Cline reads as "no file"', () => {
    assert.deepEqual(parseFrontMatter('---\npaths: []\n---\nOff.').frontMatter, { paths: [] });
  });
});
