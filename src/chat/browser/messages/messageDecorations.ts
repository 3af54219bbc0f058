import type { ChatModel } from '../chatModel';
import { createErrorElement, createRegenerateButton, showAlwaysSent } from './messageElement';

/** Classes of the message being edited and of the current find match. */
export const EDITING_CLASS = 'is-editing';
export const FOUND_CLASS = 'is-found';

type ItemLookup = (index: number) => HTMLElement | null;

/**
 * What the list adds to the messages it renders, kept apart from the elements because a virtual
 * list creates and drops them while scrolling: the regenerate button on the newest reply, the
 * inline error after the failed user message, the editing and find marks, and the newest message's
 * exclude button disabled (it is always sent). Each is applied
 * again to a message that comes back into the DOM.
 */
export class MessageDecorations {
  private errorBox: { readonly element: HTMLDivElement; readonly source: object } | undefined;
  private readonly marks = new Map<string, number>();

  constructor(
    private readonly model: ChatModel,
    private readonly itemAt: ItemLookup,
  ) {}

  /** The error box when it follows `item` (its height counts as the item's). */
  errorAfter(item: HTMLElement): HTMLElement | undefined {
    const box = this.errorBox?.element;
    return box && item.nextElementSibling === box ? box : undefined;
  }

  /** Marks message `index` (or none) with `className`, on the page and on later renders. */
  mark(className: string, index: number | undefined): void {
    const previous = this.marks.get(className);
    if (previous !== undefined) {
      this.itemAt(previous)?.classList.remove(className);
    }
    if (index === undefined) {
      this.marks.delete(className);
      return;
    }
    this.marks.set(className, index);
    this.itemAt(index)?.classList.add(className);
  }

  /** Gives a newly rendered message the marks it has. */
  decorateNew(item: HTMLElement, index: number): void {
    for (const [className, marked] of this.marks) {
      if (marked === index) {
        item.classList.add(className);
      }
    }
  }

  /** Brings the regenerate button and the error in line with the model. */
  apply(list: HTMLElement): void {
    this.placeRegenerate(list, this.model.lastIndexOf('assistant'));
    this.placeError(list);
    const newest = this.model.messages.at(-1)?.index;
    for (const toggle of list.querySelectorAll<HTMLElement>('.message-exclude[aria-disabled="true"]')) {
      const item = toggle.closest<HTMLElement>('li.chat-message');
      if (item && item.dataset['index'] !== String(newest)) {
        showAlwaysSent(item, false);
      }
    }
    const item = newest === undefined ? null : this.itemAt(newest);
    if (item) {
      showAlwaysSent(item, true);
    }
  }

  /**
   * Drops the error box (its conversation was replaced). The marks stay: the composer and the find
   * box say themselves when the edit or the match ends, and an edit goes on when the host sends the
   * same conversation again.
   */
  reset(): void {
    this.errorBox?.element.remove();
    this.errorBox = undefined;
  }

  private placeRegenerate(list: HTMLElement, target: number | undefined): void {
    for (const existing of list.querySelectorAll<HTMLElement>('button.message-regenerate')) {
      if (existing.closest<HTMLElement>('li.chat-message')?.dataset['index'] !== String(target)) {
        existing.remove();
      }
    }
    const actions = target === undefined ? null : this.itemAt(target)?.querySelector(':scope > .message-actions');
    if (actions && !actions.querySelector('button.message-regenerate')) {
      actions.append(createRegenerateButton());
    }
  }

  /**
   * The error follows its message while that message is rendered, and leaves the DOM with it; an
   * error about a message the view does not have goes at the end.
   */
  private placeError(list: HTMLElement): void {
    const error = this.model.error;
    if (this.errorBox && this.errorBox.source !== error) {
      this.errorBox.element.remove();
      this.errorBox = undefined;
    }
    if (!error) {
      return;
    }
    this.errorBox ??= { element: createErrorElement(error), source: error };
    const box = this.errorBox.element;
    const after = this.itemAt(error.index);
    if (!after) {
      if (this.model.messageAt(error.index)) {
        // Announced when it appeared: scrolling back to it later is no new alert.
        box.removeAttribute('role');
        box.remove();
      } else if (list.lastElementChild !== box) {
        list.append(box);
      }
    } else if (after.nextElementSibling !== box) {
      after.after(box);
    }
  }
}
