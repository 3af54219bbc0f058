import type { ChatMessageView } from '../../common/chatProtocol';
import { EMPTY_RANGE, type RenderRange } from '../virtualList/renderRange';

interface Rendered {
  readonly message: ChatMessageView;
  readonly element: HTMLLIElement;
}

export interface ItemFactory {
  create(message: ChatMessageView, position: number): HTMLLIElement;
  /** The element of `message` leaves the DOM. */
  dispose(element: HTMLLIElement, message: ChatMessageView): void;
}

/**
 * The messages a virtual list has in the DOM: one run of positions, in order, each with its
 * element. Elements of messages that stay in the run are kept as they are (focus, highlighting,
 * a button's feedback survive scrolling), and every element says where it stands in the whole
 * conversation (aria-posinset / aria-setsize), since the DOM holds only a few of them.
 */
export class RenderedItems {
  private shown: RenderRange = EMPTY_RANGE;
  private readonly items = new Map<number, Rendered>();

  constructor(
    private readonly list: HTMLOListElement,
    private readonly factory: ItemFactory,
  ) {}

  get range(): RenderRange {
    return this.shown;
  }

  elementAt(position: number): HTMLLIElement | undefined {
    return this.items.get(position)?.element;
  }

  /** Positions and elements in DOM order. */
  entries(): Array<[number, HTMLLIElement]> {
    return [...this.items].sort(([a], [b]) => a - b).map(([position, { element }]) => [position, element]);
  }

  /** Makes the DOM hold exactly `range` of `messages`; true when it changed. */
  show(messages: readonly ChatMessageView[], range: RenderRange): boolean {
    let changed = false;
    for (const [position, { message, element }] of this.items) {
      if (position < range.start || position >= range.end || messages[position] !== message) {
        if (element.contains(document.activeElement)) {
          // Focus would fall to the page's start; the list keeps it where the user was reading.
          this.list.focus({ preventScroll: true });
        }
        this.items.delete(position);
        this.factory.dispose(element, message);
        element.remove();
        changed = true;
      }
    }
    let previous: HTMLLIElement | undefined;
    for (let position = range.start; position < Math.min(range.end, messages.length); position++) {
      const message = messages[position];
      const existing = this.items.get(position)?.element;
      if (existing || !message) {
        previous = existing ?? previous;
        continue;
      }
      const element = this.factory.create(message, position);
      if (previous) {
        previous.after(element);
      } else {
        this.list.prepend(element);
      }
      this.items.set(position, { message, element });
      previous = element;
      changed = true;
    }
    this.shown = { start: range.start, end: Math.max(range.start, Math.min(range.end, messages.length)) };
    for (const { element } of this.items.values()) {
      setIfChanged(element, 'aria-setsize', String(messages.length));
    }
    return changed;
  }

  /** `count` messages were added before all others: the same elements now stand `count` positions further on. */
  shift(count: number): void {
    const shifted = [...this.items].map(([position, item]): [number, Rendered] => [position + count, item]);
    this.items.clear();
    for (const [position, item] of shifted) {
      this.items.set(position, item);
      item.element.setAttribute('aria-posinset', String(position + 1));
    }
    this.shown = this.shown.end > this.shown.start ? { start: this.shown.start + count, end: this.shown.end + count } : EMPTY_RANGE;
  }

  clear(): void {
    for (const { element, message } of this.items.values()) {
      this.factory.dispose(element, message);
      element.remove();
    }
    this.items.clear();
    this.shown = EMPTY_RANGE;
  }
}

function setIfChanged(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}
