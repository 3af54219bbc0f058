import { element } from '../../../../base/browser/dom';

/** How an option was taken: Enter, Tab, or a click on it. */
export type TakenBy = 'Enter' | 'Tab' | 'click';

export interface ComboboxListOptions<Option> {
  readonly id: string;
  readonly label: string;
  /** The box's polite status, where the list's counts are read out. */
  readonly status: HTMLElement;
  /** Fills the `<li role="option">` of `option`. */
  readonly renderOption: (option: Option, item: HTMLElement) => void;
  /** Whether two options are drawn alike: an answer that repeats the options shown (new objects) redraws nothing. */
  readonly drawnAlike: (a: Option, b: Option) => boolean;
  /** The user took `option`; the list is still open (the taker closes or dismisses it). */
  readonly take: (option: Option, by: TakenBy) => void;
}

/**
 * A listbox of suggestions for the message box, which is its combobox: Up and Down (wrapping)
 * move the active option, which `aria-activedescendant` names; Enter, Tab or a click take it;
 * Escape closes the list until the box's text changes. The box keeps focus throughout. Several
 * lists may serve one box (never open at once): the one that opens claims `aria-controls`.
 */
export class ComboboxList<Option> {
  readonly list = element('ul', 'chat-prompt-suggestions');
  private shown: readonly Option[] = [];
  private active = 0;
  /** The box's text when Escape closed the list: it stays closed until the text changes. */
  private dismissedAt: string | undefined;
  /** The list was scrolled to show an option below the first: a new list starts at its top again. */
  private scrolled = false;

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly options: ComboboxListOptions<Option>,
  ) {
    this.list.id = options.id;
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', options.label);
    this.list.hidden = true;
    this.list.addEventListener('mousedown', (event) => event.preventDefault());
    this.list.addEventListener('click', (event) => {
      const item = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="option"]') : null;
      const option = this.shown[Number(item?.dataset['index'] ?? -1)];
      if (option !== undefined) {
        this.options.take(option, 'click');
      }
    });
  }

  get open(): boolean {
    return !this.list.hidden;
  }

  get chosen(): Option | undefined {
    return this.shown[this.active];
  }

  /** Whether Escape closed the list on the box's current text (the text changing forgets it). */
  dismissed(): boolean {
    if (this.input.value !== this.dismissedAt) {
      this.dismissedAt = undefined;
    }
    return this.dismissedAt !== undefined;
  }

  /** Keeps the list closed until the box's text differs from what it is now. */
  dismiss(): void {
    this.dismissedAt = this.input.value;
    this.close();
  }

  /**
   * Shows `options`, the one `same` finds among them active (else the first); true when they
   * differ from the ones shown. Only the options that differ are drawn anew: typing updates the
   * list on every key.
   */
  show(options: readonly Option[], same: (a: Option, b: Option) => boolean): boolean {
    const chosen = this.chosen;
    const changed = options.length !== this.shown.length || options.some((option, index) => !this.alike(option, index));
    if (changed) {
      this.render(options);
    } else {
      this.shown = options; // drawn alike: a click maps to these
    }
    this.choose(Math.max(0, chosen === undefined ? 0 : options.findIndex((option) => same(option, chosen))));
    return changed;
  }

  private alike(option: Option, index: number): boolean {
    const shown = this.shown[index];
    return shown !== undefined && (shown === option || this.options.drawnAlike(shown, option));
  }

  close(): void {
    if (this.shown.length > 0 || !this.list.hidden) {
      this.render([]);
      this.choose(0);
    }
  }

  announce(message: string): void {
    if (this.options.status.textContent !== message) {
      this.options.status.textContent = message; // the same count again is not read out again
    }
  }

  /** A keydown in the box: true when the open list took it (and nothing else may act on it). */
  handleKey(event: KeyboardEvent, composing: boolean): boolean {
    const chosen = this.chosen;
    if (!this.open || chosen === undefined || composing || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) {
      return false;
    }
    const count = this.shown.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        this.choose((this.active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        break;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey) {
          return false;
        }
        this.options.take(chosen, event.key);
        break;
      case 'Escape':
        this.dismiss();
        break;
      default:
        return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  private render(options: readonly Option[]): void {
    const items = this.list.children;
    options.forEach((option, index) => {
      if (this.alike(option, index)) {
        return;
      }
      const item = element('li', 'prompt-suggestion');
      item.id = `${this.options.id}-${index}`;
      item.setAttribute('role', 'option');
      item.setAttribute('aria-selected', 'false');
      item.dataset['index'] = String(index);
      this.options.renderOption(option, item);
      const old = items[index];
      if (old === undefined) {
        this.list.append(item);
      } else {
        old.replaceWith(item);
      }
    });
    while (items.length > options.length) {
      items[items.length - 1]?.remove();
    }
    this.shown = options;
    const open = options.length > 0;
    this.list.hidden = !open;
    if (open) {
      this.input.setAttribute('aria-controls', this.options.id);
    }
    this.input.setAttribute('aria-expanded', String(open));
  }

  private choose(index: number): void {
    this.list.children[this.active]?.setAttribute('aria-selected', 'false');
    this.active = index;
    const item = this.list.children[index];
    if (item === undefined || this.list.hidden) {
      this.input.removeAttribute('aria-activedescendant');
      return;
    }
    item.setAttribute('aria-selected', 'true');
    this.input.setAttribute('aria-activedescendant', item.id);
    // Scrolling measures the list (a forced layout): the first option needs it only after the list was scrolled.
    if (index > 0) {
      item.scrollIntoView({ block: 'nearest' });
      this.scrolled = true;
    } else if (this.scrolled) {
      this.list.scrollTop = 0;
      this.scrolled = false;
    }
  }
}
