/**
 * A stylesheet whose rules the script computes (a virtual list's spacer heights, a row height),
 * constructed and adopted by the document. The webview allows no inline styles (its CSP, and
 * `style` writes are banned in this codebase); an adopted sheet is CSP-safe as long as its text is
 * built from numbers, never from what a reply or a title contains.
 */
export class ComputedSheet {
  private readonly sheet: CSSStyleSheet | undefined;
  private shown = '';

  constructor() {
    this.sheet = adoptSheet();
  }

  /** False in an engine without constructable stylesheets, where the rules never apply. */
  get available(): boolean {
    return this.sheet !== undefined;
  }

  /** Replaces the rules (only when they changed: every replacement restyles the document). */
  replace(rules: string): void {
    if (rules !== this.shown && this.sheet) {
      this.sheet.replaceSync(rules);
      this.shown = rules;
    }
  }
}

/** A length for a computed rule: a whole number of px, never negative, 0 for anything not finite. */
export function pixels(height: number): number {
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
    // An engine that lists the API but cannot construct sheets: as if it had none.
    return undefined;
  }
}
