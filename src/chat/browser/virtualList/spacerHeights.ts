import { element } from '../../../base/browser/dom';

/**
 * The heights of the two spacers that stand for the messages a virtual list leaves out of the DOM.
 *
 * The webview allows no inline styles (its CSP, and `style` writes are banned in this codebase), so
 * the heights go into one constructed stylesheet adopted by the document. That is CSP-safe: the
 * sheet's text is built here from two numbers, never from a message, so nothing a reply contains can
 * reach it. Without constructable stylesheets the spacers stay empty: the list still works, only
 * the scrollbar is then shorter than the conversation.
 */
export class SpacerHeights {
  private readonly sheet: CSSStyleSheet | undefined;
  private shown = '';

  constructor() {
    this.sheet = adoptSheet();
  }

  set(before: number, after: number): void {
    const rules = `.chat-spacer-before{height:${pixels(before)}px}.chat-spacer-after{height:${pixels(after)}px}`;
    if (rules !== this.shown && this.sheet) {
      this.sheet.replaceSync(rules);
      this.shown = rules;
    }
  }
}

function pixels(height: number): number {
  return Number.isFinite(height) ? Math.max(0, Math.round(height)) : 0;
}

function adoptSheet(): CSSStyleSheet | undefined {
  const Sheet = window.CSSStyleSheet as typeof CSSStyleSheet | undefined;
  if (typeof Sheet !== 'function' || !Array.isArray(document.adoptedStyleSheets)) {
    return undefined;
  }
  try {
    const sheet = new Sheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return sheet;
  } catch {
    // An engine that lists the API but cannot construct sheets: no spacers (see above).
    return undefined;
  }
}

/** One of the two spacers: empty, and hidden from screen readers. */
export function createSpacer(className: string): HTMLDivElement {
  const created = element('div', `chat-spacer ${className}`);
  created.setAttribute('aria-hidden', 'true');
  return created;
}
