import { ComputedSheet, pixels } from '../../../base/browser/computedSheet';
import { element } from '../../../base/browser/dom';

/**
 * The heights of the two spacers that stand for the messages a virtual list leaves out of the DOM,
 * in a computed stylesheet built from the two numbers alone. Without constructable stylesheets the
 * spacers stay empty: the list still works, only the scrollbar is then shorter than the conversation.
 */
export class SpacerHeights {
  private readonly sheet = new ComputedSheet();

  set(before: number, after: number): void {
    this.sheet.replace(`.chat-spacer-before{height:${pixels(before)}px}.chat-spacer-after{height:${pixels(after)}px}`);
  }
}

/** One of the two spacers: empty, and hidden from screen readers. */
export function createSpacer(className: string): HTMLDivElement {
  const created = element('div', `chat-spacer ${className}`);
  created.setAttribute('aria-hidden', 'true');
  return created;
}
