import type { ChatToHostMessage, PromptCommandView } from '../../common/chatProtocol';
import { element, statusRegion } from '../../../base/browser/dom';
import { text } from '../../../webview/browser/strings';
import { matchingCommands, namedCommand, slashLine, typedCommandPrefix } from '../../../promptFiles/common/slashInput';

const LIST_ID = 'chat-prompt-suggestions';

export interface SlashHost {
  post(message: ChatToHostMessage): void;
  /** The box's text was changed here (a name completed): report it as typing would. */
  changed(): void;
}

/**
 * The workspace's prompt files as `/name` in the message box: while the box holds `/` and part of
 * a name, a list of the commands that match opens above it. The box is a combobox for it:
 *
 * ```html
 * <ul class="chat-prompt-suggestions" id="chat-prompt-suggestions" role="listbox" aria-label="Prompt commands">
 *   <li class="prompt-suggestion" role="option" id="chat-prompt-suggestions-0" aria-selected="true" data-name="review" title=".github/prompts/review.prompt.md">
 *     <span class="prompt-suggestion-name">/review</span> <span class="prompt-suggestion-hint">topic</span>
 *     <span class="prompt-suggestion-description">Review the selection</span>
 *   </li>
 * </ul>
 * <textarea role="combobox" aria-controls="chat-prompt-suggestions" aria-expanded="true" aria-activedescendant="chat-prompt-suggestions-0">
 * ```
 *
 * Up and Down choose, Enter expands the chosen command, Tab completes its name to add arguments,
 * Escape closes the list (and does nothing else). A polite status says how many match. Filtering
 * runs only while the box starts with `/`, over at most a thousand names.
 */
export class SlashSuggestions {
  readonly list = element('ul', 'chat-prompt-suggestions');
  readonly status = statusRegion();
  private commands: readonly PromptCommandView[] = [];
  private shown: readonly PromptCommandView[] = [];
  private active = 0;
  /** The box's text when Escape closed the list: it stays closed until the text changes. */
  private dismissedAt: string | undefined;

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly host: SlashHost,
  ) {
    this.list.id = LIST_ID;
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', text('promptCommands'));
    this.list.hidden = true;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-multiline', 'true');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-haspopup', 'listbox');
    input.setAttribute('aria-controls', LIST_ID);
    input.setAttribute('aria-expanded', 'false');
    // The box keeps focus when an option is clicked.
    this.list.addEventListener('mousedown', (event) => event.preventDefault());
    this.list.addEventListener('click', (event) => {
      const option = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="option"]') : null;
      const index = option ? this.shown.findIndex((command) => command.name === option.dataset['name']) : -1;
      if (index >= 0) {
        this.active = index;
        this.accept(true);
      }
    });
  }

  get open(): boolean {
    return !this.list.hidden;
  }

  setCommands(commands: readonly PromptCommandView[]): void {
    this.commands = commands;
    this.update();
  }

  /** Follows the box's text: opens, narrows or closes the list. */
  update(): void {
    const value = this.input.value;
    const prefix = this.commands.length === 0 || value === this.dismissedAt ? undefined : typedCommandPrefix(value);
    if (value !== this.dismissedAt) {
      this.dismissedAt = undefined;
    }
    if (prefix === undefined) {
      this.close();
      return;
    }
    const matching = matchingCommands(this.commands, prefix);
    const chosen = this.shown[this.active]?.name;
    if (matching.length !== this.shown.length || matching.some((command, index) => command !== this.shown[index])) {
      this.render(matching);
      this.announce(matching.length === 0 ? text('noPromptCommandMatches') : text('promptCommandsMatching', matching.length));
    }
    this.choose(
      Math.max(
        0,
        matching.findIndex((command) => command.name === chosen),
      ),
    );
  }

  /** A keydown in the box: true when the open list took it (and nothing else may act on it). */
  handleKey(event: KeyboardEvent, composing: boolean): boolean {
    if (!this.open || composing || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) {
      return false;
    }
    const count = this.shown.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (count > 0) {
          this.choose((this.active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        }
        break;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey || count === 0) {
          return false;
        }
        this.accept(event.key === 'Enter');
        break;
      case 'Escape':
        this.dismissedAt = this.input.value;
        this.close();
        break;
      default:
        return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  /** Asks the host to expand the `/name arguments` line `typed`; false when it names no prompt command. */
  expand(typed: string): boolean {
    const line = slashLine(typed);
    if (line === undefined || namedCommand(this.commands, line.name) === undefined) {
      return false;
    }
    this.host.post({ type: 'expandPrompt', line: typed.trim() });
    return true;
  }

  /** Enter: the chosen command is expanded at once; Tab: its name is completed, for arguments. */
  private accept(expand: boolean): void {
    const command = this.shown[this.active];
    if (command === undefined) {
      return;
    }
    const completed = `/${command.name}${expand ? '' : ' '}`;
    this.input.value = completed;
    this.input.setSelectionRange(completed.length, completed.length);
    this.dismissedAt = completed; // chosen: the list does not open again on the completed name
    this.close();
    this.host.changed();
    if (expand) {
      this.expand(completed);
    } else if (command.argumentHint !== undefined) {
      this.announce(command.argumentHint);
    }
  }

  private render(commands: readonly PromptCommandView[]): void {
    this.shown = commands;
    this.list.replaceChildren(
      ...commands.map((command, index) => {
        const option = element('li', 'prompt-suggestion');
        option.id = `${LIST_ID}-${index}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.dataset['name'] = command.name;
        option.title = command.source;
        option.append(element('span', 'prompt-suggestion-name', `/${command.name}`));
        if (command.argumentHint !== undefined) {
          option.append(' ', element('span', 'prompt-suggestion-hint', command.argumentHint));
        }
        if (command.description !== undefined) {
          option.append(' ', element('span', 'prompt-suggestion-description', command.description));
        }
        return option;
      }),
    );
    this.list.hidden = commands.length === 0;
    this.input.setAttribute('aria-expanded', String(commands.length > 0));
  }

  private choose(index: number): void {
    this.list.children[this.active]?.setAttribute('aria-selected', 'false');
    this.active = index;
    const option = this.list.children[index];
    if (option === undefined || this.list.hidden) {
      this.input.removeAttribute('aria-activedescendant');
      return;
    }
    option.setAttribute('aria-selected', 'true');
    this.input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }

  private close(): void {
    if (this.shown.length > 0 || !this.list.hidden) {
      this.render([]);
      this.choose(0);
    }
  }

  private announce(message: string): void {
    this.status.textContent = message;
  }
}
