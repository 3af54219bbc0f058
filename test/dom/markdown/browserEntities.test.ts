import * as assert from 'node:assert/strict';
import { decodeHTMLStrict } from '../../../src/markdown/browser/browserEntities';
import { usePage } from '../helpers/page';

describe('HTML entities in the webview bundle (decoded by the browser)', () => {
  usePage();

  it('decodes a whole named reference', () => {
    assert.equal(decodeHTMLStrict('&amp;'), '&');
    assert.equal(decodeHTMLStrict('&lt;'), '<');
    assert.equal(decodeHTMLStrict('&copy;'), '©');
    assert.equal(decodeHTMLStrict('&semi;'), ';');
  });

  it('leaves unknown names, legacy prefixes and anything but one reference unchanged', () => {
    for (const text of ['&nosuchentity;', '&ampxyz;', '&amp', '&#65;', '&lt;b&gt;', '<b>&amp;</b>', '']) {
      assert.equal(decodeHTMLStrict(text), text, text);
    }
  });
});
