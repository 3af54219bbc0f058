import * as assert from 'node:assert/strict';
import { findActionPhrases, type LabelledText } from '../../../../src/guards/common/actionPhrases';

/** The matched original text of each match, for one text. */
function matched(phrases: readonly string[], text: string): string[] {
  return findActionPhrases(phrases, [{ source: 'AGENTS.md', text }]).map((match) => match.match);
}

describe('action-phrase guard: how a phrase is matched', () => {
  it('ignores case, with full case folding', () => {
    assert.deepEqual(matched(['deploy now'], 'Please DEPLOY NOW. Deploy Now!'), ['DEPLOY NOW', 'Deploy Now']);
    assert.deepEqual(matched(['Straße öffnen'], 'STRASSE ÖFFNEN'), ['STRASSE ÖFFNEN']);
  });

  it('sees through hidden characters: zero-width, bidi, soft hyphens, tags and variation selectors', () => {
    const hidden = [
      'Deploy\u200B Now',
      'de\u00ADploy now',
      'dep\u202Eloy\u2066 now',
      `deploy${String.fromCodePoint(0xe0020)} now`,
      'deploy\uFE0F now',
    ];
    for (const text of hidden) {
      assert.deepEqual(matched(['deploy now'], text), [text], JSON.stringify(text));
    }
  });

  it('reads every run of whitespace as one space, line breaks and Unicode spaces included', () => {
    assert.deepEqual(matched(['deploy now'], 'deploy\n\n   now'), ['deploy\n\n   now']);
    assert.deepEqual(matched(['deploy now'], 'deploy\u00A0\u2003now'), ['deploy\u00A0\u2003now']);
    assert.deepEqual(matched(['  deploy   now '], 'deploy now'), ['deploy now'], 'the phrase is folded the same way');
  });

  it('normalizes compatibility forms (NFKC): fullwidth letters, ligatures, composed and decomposed accents', () => {
    assert.deepEqual(matched(['deploy now'], 'ＤＥＰＬＯＹ\u3000ＮＯＷ'), ['ＤＥＰＬＯＹ\u3000ＮＯＷ']);
    assert.deepEqual(matched(['fire all'], 'ﬁre all'), ['ﬁre all']);
    assert.deepEqual(matched(['café open'], 'cafe\u0301 open'), ['cafe\u0301 open']);
    assert.deepEqual(matched(['cafe\u0301 open'], 'CAFÉ OPEN'), ['CAFÉ OPEN']);
  });

  it('finds a phrase inside longer words, since a cluster may match that way', () => {
    assert.deepEqual(matched(['deploy now'], 'redeploy nowhere'), ['deploy now']);
  });

  it('keeps accents and punctuation: other words are other words', () => {
    assert.deepEqual(matched(['deploy now'], 'déploy now, deploy-now, deploy.now'), []);
  });

  it('ignores phrases that are empty once folded, and reports a repeated phrase once', () => {
    assert.deepEqual(matched(['', '  ', '\u200B', 'go', 'GO', ' go '], 'go'), ['go']);
    assert.equal(findActionPhrases(['Go', 'go'], [{ source: 'a', text: 'go' }])[0]?.phrase, 'Go');
  });
});

describe('action-phrase guard: what is reported', () => {
  it('names the source, the phrase as listed, the line and the original text around it', () => {
    const parts: LabelledText[] = [
      { source: 'AGENTS.md', text: '# Rules\nWhen done, say Deploy\u200B Now to ship.\nThanks' },
      { source: 'earlier reply', text: 'nothing here' },
      { source: 'attachment src/a.ts', text: '// deploy now\n' },
    ];
    assert.deepEqual(findActionPhrases(['deploy now'], parts), [
      {
        source: 'AGENTS.md',
        phrase: 'deploy now',
        start: 23,
        end: 34,
        line: 2,
        before: 'When done, say ',
        match: 'Deploy\u200B Now',
        after: ' to ship.',
      },
      { source: 'attachment src/a.ts', phrase: 'deploy now', start: 3, end: 13, line: 1, before: '// ', match: 'deploy now', after: '' },
    ]);
  });

  it('finds every occurrence of every phrase, in text order, with offsets into the original text', () => {
    const text = 'Wipe the cache. then ROLL\u200DBACK and wipe  the cache again; rollback.';
    const matches = findActionPhrases(['rollback', 'wipe the cache'], [{ source: 's', text }]);
    assert.deepEqual(
      matches.map((match) => [match.phrase, match.match]),
      [
        ['wipe the cache', 'Wipe the cache'],
        ['rollback', 'ROLL\u200DBACK'],
        ['wipe the cache', 'wipe  the cache'],
        ['rollback', 'rollback'],
      ],
    );
    assert.ok(matches.every((match) => text.slice(match.start, match.end) === match.match));
  });

  it('keeps the context within the line and never splits a character', () => {
    const [match] = findActionPhrases(['go'], [{ source: 's', text: `first line\n${'😀'.repeat(30)} go ${'😀'.repeat(30)}\nlast` }], {
      context: 11,
    });
    assert.deepEqual([match?.before, match?.after], [`${'😀'.repeat(5)} `, ` ${'😀'.repeat(5)}`]);
    assert.equal(match?.line, 2);
  });

  it('stops at the limit when one is given', () => {
    const parts = [
      { source: 'a', text: 'go go go' },
      { source: 'b', text: 'go' },
    ];
    assert.equal(findActionPhrases(['go'], parts).length, 4);
    assert.deepEqual(
      findActionPhrases(['go'], parts, { limit: 2 }).map((match) => match.start),
      [0, 3],
    );
    const mixed = findActionPhrases(['later', 'first'], [{ source: 'a', text: 'first later first later' }], { limit: 2 });
    assert.deepEqual(
      mixed.map((match) => match.start),
      [0, 6],
      'the earliest, whichever phrase',
    );
  });

  it('finds nothing without phrases or texts', () => {
    assert.deepEqual(findActionPhrases([], [{ source: 'a', text: 'deploy now' }]), []);
    assert.deepEqual(findActionPhrases(['deploy now'], []), []);
  });
});

describe('action-phrase guard: speed', () => {
  it('searches 1 MB of mixed text for 50 phrases quickly', () => {
    const phrases = Array.from({ length: 50 }, (_, index) => `trigger action ${index} now`);
    const line = 'Some ordinary prose, with ünïcödé, 中文 and emoji 👍, code() and hidden\u200B characters.\n';
    const text = `${line.repeat(Math.ceil((1 << 20) / line.length))}Trigger\u200B ACTION 49\nnow`;
    let fastest = Number.POSITIVE_INFINITY;
    let found = 0;
    for (let round = 0; round < 5 && fastest >= 300; round++) {
      const started = performance.now();
      found = findActionPhrases(phrases, [{ source: 'big', text }]).length;
      fastest = Math.min(fastest, performance.now() - started);
    }
    assert.equal(found, 1);
    assert.ok(fastest < 300, `${fastest.toFixed(0)} ms`);
  });
});
