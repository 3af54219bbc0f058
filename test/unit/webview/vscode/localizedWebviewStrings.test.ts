import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WEBVIEW_STRING_DEFAULTS } from '../../../../src/webview/common/webviewStrings';

const l10nFolder = path.resolve(__dirname, '..', '..', '..', '..', '..', 'l10n');

function bundle(file: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(l10nFolder, file), 'utf8')) as Record<string, string>;
}

describe('webview strings on the host', () => {
  it('has every webview text in the l10n bundle and in each translation, so the host can look it up', () => {
    const english = Object.values(WEBVIEW_STRING_DEFAULTS);
    assert.ok(english.length > 50);
    const files = fs.readdirSync(l10nFolder).filter((file) => /^bundle\.l10n(\.[\w-]+)?\.json$/.test(file));
    assert.ok(files.length >= 6, files.join(', '));
    for (const file of files) {
      const keys = new Set(Object.keys(bundle(file)));
      assert.deepEqual(
        english.filter((text) => !keys.has(text)),
        [],
        file,
      );
    }
  });

  it('keeps every chat text short enough for the host to hand over', () => {
    for (const [key, english] of Object.entries(WEBVIEW_STRING_DEFAULTS)) {
      assert.ok(english.length > 0 && english.length < 500, key);
    }
  });
});
