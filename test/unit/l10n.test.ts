import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const LANGUAGES = ['zh-cn', 'ja', 'de', 'fr', 'pt-br'] as const;

type Strings = Record<string, unknown>;

function readJson(relative: string): Strings {
  const file = path.join(root, relative);
  assert.ok(fs.existsSync(file), `${relative} is missing`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Strings;
}

/** The `{0}`-style placeholders of a message, as a sorted set. */
function placeholders(message: string): string[] {
  return [...new Set(message.match(/\{\d+\}/g) ?? [])].sort();
}

/** Code spans (`…`) and setting names in quotes stay as written; so do `{name}` fields filled in by the extension. */
function verbatimParts(message: string): string[] {
  return [...(message.match(/`[^`]*`|\{[A-Za-z]+\}/g) ?? [])].sort();
}

/** What is wrong with one translation file against its English original; empty when nothing. */
function problems(english: Strings, translated: Strings): string[] {
  const found: string[] = [];
  for (const [key, source] of Object.entries(english)) {
    const text = translated[key];
    if (!Object.hasOwn(translated, key)) {
      found.push(`missing: ${JSON.stringify(key)}`);
    } else if (typeof text !== 'string' || text.trim() === '') {
      found.push(`empty: ${JSON.stringify(key)}`);
    } else if (typeof source === 'string') {
      if (placeholders(text).join() !== placeholders(source).join()) {
        found.push(
          `placeholders ${placeholders(source).join() || 'none'} ≠ ${placeholders(text).join() || 'none'}: ${JSON.stringify(key)}`,
        );
      }
      if (verbatimParts(text).join('|') !== verbatimParts(source).join('|')) {
        found.push(`code spans or {fields} changed: ${JSON.stringify(key)}`);
      }
    }
  }
  for (const key of Object.keys(translated)) {
    if (!Object.hasOwn(english, key)) {
      found.push(`not in the English file: ${JSON.stringify(key)}`);
    }
  }
  return found;
}

describe('translations', () => {
  const files = [
    { english: 'package.nls.json', translated: (language: string) => `package.nls.${language}.json` },
    { english: 'l10n/bundle.l10n.json', translated: (language: string) => `l10n/bundle.l10n.${language}.json` },
  ];

  for (const { english, translated } of files) {
    for (const language of LANGUAGES) {
      it(`${translated(language)}: every string of ${english}, translated, no other, same {N} placeholders`, () => {
        const source = readJson(english);
        assert.ok(Object.keys(source).length > 0, `${english} has no strings`);
        assert.deepEqual(problems(source, readJson(translated(language))), []);
      });
    }
  }

  it('package.json uses only %keys% that package.nls.json defines', () => {
    const manifest = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
    const defined = readJson('package.nls.json');
    const used = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((match) => match[1] ?? '');
    assert.ok(used.length > 0, 'package.json uses no %key%');
    assert.deepEqual(
      used.filter((key) => !Object.hasOwn(defined, key)),
      [],
    );
  });

  it('the check finds a missing, an extra, an empty and a changed placeholder or code span', () => {
    const english = { a: 'Send to {0} ({1})', b: 'Set `clusterChat.baseUrl` for {fileName}', c: 'Stop', d: 'Open' };
    const translated = { a: 'Senden an {0} ({2})', b: 'Legen Sie `clusterChat.basisUrl` für {dateiName} fest', c: ' ', e: 'Extra' };
    assert.deepEqual(problems(english, translated), [
      'placeholders {0},{1} ≠ {0},{2}: "a"',
      'code spans or {fields} changed: "b"',
      'empty: "c"',
      'missing: "d"',
      'not in the English file: "e"',
    ]);
  });
});
