import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WEBVIEW_STRING_DEFAULTS } from '../../../src/core/protocol/webviewStrings';

const hostStrings = path.resolve(__dirname, '..', '..', '..', '..', 'src', 'webviewHost', 'localizedWebviewStrings.ts');

describe('webview strings on the host', () => {
  it('localizes every webview string with a literal vscode.l10n.t of its English default', () => {
    const source = fs.readFileSync(hostStrings, 'utf8');
    const entries = new Map(
      [...source.matchAll(/^\s*(\w+): vscode\.l10n\.t\('((?:[^'\\]|\\.)*)'\),$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']),
    );
    assert.deepEqual([...entries.keys()].sort(), Object.keys(WEBVIEW_STRING_DEFAULTS).sort());
    for (const [key, english] of Object.entries(WEBVIEW_STRING_DEFAULTS)) {
      assert.equal(entries.get(key), english, key);
    }
  });

  it('keeps every chat text short enough for the host to hand over', () => {
    for (const [key, english] of Object.entries(WEBVIEW_STRING_DEFAULTS)) {
      assert.ok(english.length > 0 && english.length < 500, key);
    }
  });
});
