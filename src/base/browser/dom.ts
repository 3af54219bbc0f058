import { codicon } from '../../webview/browser/codicons';
import type { CodiconName } from '../../webview/browser/codiconNames';

/** Small builders for the views' elements (text only through textContent, never markup). */

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, textContent?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  if (textContent !== undefined) {
    created.textContent = textContent;
  }
  return created;
}

/** A visually hidden live region that announces short outcomes ("Copied") to screen readers. */
export function statusRegion(): HTMLDivElement {
  const status = element('div', 'visually-hidden');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  return status;
}

/** A text box named by `label`, which is also its placeholder. */
export function labelledInput(className: string, type: 'text' | 'search', label: string): HTMLInputElement {
  const input = element('input', className);
  input.type = type;
  input.setAttribute('aria-label', label);
  input.placeholder = label;
  return input;
}

export interface ButtonOptions {
  /** Visible text (its accessible name too, unless `label` is given). */
  readonly text?: string;
  /** A codicon shown before the text (alone, for icon buttons, which then need `label`). */
  readonly icon?: CodiconName;
  /** Accessible name and tooltip, for buttons that show a glyph. */
  readonly label?: string;
  /** `data-command`, read back by the view's click handler. */
  readonly command?: string;
}

export function button(className: string, options: ButtonOptions): HTMLButtonElement {
  const created = element('button', className, options.text);
  created.type = 'button';
  if (options.icon !== undefined) {
    created.prepend(codicon(options.icon));
  }
  if (options.label !== undefined) {
    created.setAttribute('aria-label', options.label);
    created.title = options.label;
  }
  if (options.command !== undefined) {
    created.dataset['command'] = options.command;
  }
  return created;
}
