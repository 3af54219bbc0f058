import * as assert from 'node:assert/strict';
import { fillString, mergeWebviewStrings, WEBVIEW_STRING_DEFAULTS } from '../../../../src/webview/common/webviewStrings';

describe('webview strings', () => {
  it('uses the host’s strings and falls back to English for missing or invalid ones', () => {
    const strings = mergeWebviewStrings({ copy: 'Kopieren', insert: 42, unknown: 'x', replace: '' });
    assert.equal(strings.copy, 'Kopieren');
    assert.equal(strings.insert, WEBVIEW_STRING_DEFAULTS.insert);
    assert.equal(strings.replace, WEBVIEW_STRING_DEFAULTS.replace);
    assert.ok(!('unknown' in strings));
    assert.deepEqual(mergeWebviewStrings('not an object'), WEBVIEW_STRING_DEFAULTS);
  });

  it('fills placeholders', () => {
    assert.equal(fillString(WEBVIEW_STRING_DEFAULTS.targetBlock, 'Copy', 2), 'Copy (block 2)');
  });
});
