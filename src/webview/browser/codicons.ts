import type { CodiconName } from './codiconNames';

/** `<span class="codicon codicon-NAME" aria-hidden="true"></span>`: the glyph; the button around it carries the name. */
export function codicon(name: CodiconName): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = `codicon codicon-${name}`;
  span.setAttribute('aria-hidden', 'true');
  return span;
}

/** Shows another glyph in the element's icon (for a moment's feedback), or its own again. */
export function setCodicon(owner: Element, name: CodiconName): void {
  const span = owner.querySelector(':scope > .codicon');
  if (span) {
    span.className = `codicon codicon-${name}`;
  }
}
