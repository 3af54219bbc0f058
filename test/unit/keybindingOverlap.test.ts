import * as assert from 'node:assert/strict';
import { keysCollide, normalizeKey } from '../shared/keybindingKeys';
import { parseWhen, whenClausesOverlap } from '../shared/whenClauses';

describe('Keybinding comparison (used by the default-keybinding collision test)', () => {
  it('overlaps when either clause is missing, and when nothing contradicts', () => {
    assert.equal(whenClausesOverlap(undefined, 'editorTextFocus'), true);
    assert.equal(whenClausesOverlap('editorTextFocus && !editorReadonly', 'editorTextFocus && editorHasSelection'), true);
    assert.equal(whenClausesOverlap('editorTextFocus', 'resourceExtname =~ /\\.md$/'), true);
  });

  it('does not overlap on a key and its negation, two values of one key, or two focus places', () => {
    assert.equal(whenClausesOverlap('editorTextFocus && !editorReadonly', 'editorReadonly'), false);
    assert.equal(whenClausesOverlap('scmProvider == git', "scmProvider == 'hg'"), false);
    assert.equal(whenClausesOverlap('view == a', 'view != a'), false);
    assert.equal(whenClausesOverlap('editorTextFocus', 'terminalFocus && terminalHasBeenCreated'), false);
    assert.equal(whenClausesOverlap('editorTextFocus', 'false'), false);
  });

  it('reads ||, parentheses and negated groups', () => {
    assert.equal(whenClausesOverlap('editorTextFocus', 'terminalFocus || editorTextFocus && isLinux'), true);
    assert.equal(whenClausesOverlap('editorTextFocus', '!(editorTextFocus || inputFocus)'), false);
    assert.deepEqual(parseWhen('a && (b || !c)'), [
      [
        { kind: 'truthy', key: 'a' },
        { kind: 'truthy', key: 'b' },
      ],
      [
        { kind: 'truthy', key: 'a' },
        { kind: 'falsy', key: 'c' },
      ],
    ]);
  });

  it('compares keys whatever the modifier order, chord prefixes, and macOS Cmd as Ctrl', () => {
    assert.deepEqual(normalizeKey('alt+ctrl+I'), ['ctrl+alt+i']);
    assert.equal(keysCollide(normalizeKey('ctrl+k'), normalizeKey('ctrl+k ctrl+i')), true);
    assert.equal(keysCollide(normalizeKey('ctrl+k alt+i'), normalizeKey('ctrl+k ctrl+i')), false);
    assert.deepEqual(normalizeKey('cmd+k alt+i', 'mac'), ['ctrl+k', 'alt+i']);
  });
});
