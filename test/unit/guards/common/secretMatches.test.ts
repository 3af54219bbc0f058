import * as assert from 'node:assert/strict';
import { ruleMatches } from '../../../../src/guards/common/secretMatches';
import { SECRET_RULES, type SecretRule } from '../../../../src/guards/common/secretPatterns';
import { findSecrets } from '../../../../src/guards/common/secretScan';
import { seededRandom as random } from './seededRandom';

const ANCHORED = SECRET_RULES.filter((rule) => rule.anchor !== undefined);

/** What a match says: where it is, what it holds and its groups. */
function described(matches: Iterable<RegExpExecArray>): unknown[] {
  return [...matches].map((match) => [match.index, match[0], { ...match.groups }]);
}

/** The matches of the rule's pattern run over the whole text, one global search. */
function globalMatches(text: string, rule: SecretRule): RegExpExecArray[] {
  const pattern = new RegExp(rule.pattern.source, rule.pattern.flags);
  return [...text.matchAll(pattern)];
}

const TRICKY = [
  '',
  '://',
  'a://',
  'ab://',
  'ab://u:p@h',
  '://u:p@h ab://',
  'https://user:pass@host/x https://u2:p2@h2 ftp://a:b@c',
  'xhttps://user:pass@host',
  '_https://user:pass@host',
  'é https://user:pass@host',
  'https://user:pa:ss@host',
  'https://user:pass@@host',
  'https://:pass@host',
  'https://user:@host',
  'https://user:pass',
  `${'a'.repeat(21)}://u:p@h`,
  `${'a'.repeat(22)}://u:p@h`,
  `x-${'b'.repeat(19)}://u:p@h`,
  'a+b.c-d://u:p@h',
  '1ab://u:p@h',
  'ab:cd://u:p@h',
  'ab://cd://u:p@h',
  'git+ssh://git:secretvalue@github.com/x.git and postgres://admin:hunter22@db:5432/app',
  'redis://:pw123456@cache:6379',
  'mongodb+srv://user:p%40ss@cluster0.example.net/db',
  'a://b://c:d@e',
  'see http://x:y@z, then (https://u:v@w)',
  'ab://u:p@h'.repeat(5),
  'http://u:p@h\nhttp://u:p@h\r\nftp://u:p@h',
  'Authorization: Basic https://user:pass@host password=https://user:pass@host',
  `https://${'u'.repeat(256)}:p@h https://${'u'.repeat(257)}:p@h`,
];

describe('secret guard: a pattern tried only before its anchor', () => {
  it('finds exactly what the global search finds, on tricky texts', () => {
    assert.ok(ANCHORED.length > 0);
    for (const rule of ANCHORED) {
      for (const text of TRICKY) {
        assert.deepEqual(described(ruleMatches(text, rule)), described(globalMatches(text, rule)), JSON.stringify(text));
      }
    }
  });

  it('finds exactly what the global search finds, on random texts dense with schemes, colons and at signs', () => {
    const pieces = [
      'a',
      'B',
      'z',
      '1',
      '+',
      '.',
      '-',
      '_',
      ':',
      '/',
      '//',
      '://',
      '@',
      ' ',
      '\n',
      '"',
      '<',
      'é',
      'http',
      'https://',
      'u:p@',
      'user:pass@host',
    ];
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      let text = '';
      for (let count = next(60); count > 0; count--) {
        text += pieces[next(pieces.length)] ?? '';
      }
      for (const rule of ANCHORED) {
        assert.deepEqual(described(ruleMatches(text, rule)), described(globalMatches(text, rule)), JSON.stringify(text));
      }
    }
  });

  it('keeps the findings where rules overlap: the password of a URL, found before the header and assignment rules', () => {
    const cases: Array<[string, string[]]> = [
      [
        'Authorization: Bearer https://admin:Zq8vR2mX7pL4@db.example.com and password=https://u:Zq8vR2mX7pL4@h',
        ['Zq8vR2mX7pL4', 'Zq8vR2mX7pL4'],
      ],
      ['DB_PASSWORD=postgres://admin:Zq8vR2mX7pL4@db:5432/app', ['Zq8vR2mX7pL4']],
      ['token: "https://svc:Zq8vR2mX7pL4Kd9@h"', ['Zq8vR2mX7pL4Kd9']],
    ];
    for (const [text, secrets] of cases) {
      const findings = findSecrets(text);
      assert.deepEqual(
        findings.map((finding) => finding.kind),
        secrets.map(() => 'url-password'),
      );
      assert.deepEqual(
        findings.map((finding) => text.slice(finding.start, finding.end)),
        secrets,
      );
    }
  });
});
