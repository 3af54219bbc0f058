import type { ChatToHostMessage, PromptCommandView } from '../../../common/chatProtocol';
import { element, statusRegion } from '../../../../base/browser/dom';
import { text } from '../../../../webview/browser/strings';
import { matchingCommands, namedCommand, slashLine, typedCommandPrefix } from '../../../../promptFiles/common/slashInput';
import { ComboboxList, type TakenBy } from './comboboxList';

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
  readonly status = statusRegion();
  private readonly choices: ComboboxList<PromptCommandView>;
  private commands: readonly PromptCommandView[] = [];

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly host: SlashHost,
  ) {
    this.choices = new ComboboxList(input, {
      id: LIST_ID,
      label: text('promptCommands'),
      status: this.status,
      renderOption: renderCommand,
      drawnAlike: (a, b) =>
        a.name === b.name && a.source === b.source && a.argumentHint === b.argumentHint && a.description === b.description,
      take: (command, by) => this.take(command, by),
    });
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-multiline', 'true');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-haspopup', 'listbox');
    input.setAttribute('aria-controls', LIST_ID);
    input.setAttribute('aria-expanded', 'false');
  }

  get list(): HTMLElement {
    return this.choices.list;
  }

  setCommands(commands: readonly PromptCommandView[]): void {
    this.commands = commands;
    this.update();
  }

  /** Follows the box's text: opens, narrows or closes the list. */
  update(): void {
    const dismissed = this.choices.dismissed();
    const prefix = this.commands.length === 0 || dismissed ? undefined : typedCommandPrefix(this.input.value);
    if (prefix === undefined) {
      this.choices.close();
      return;
    }
    const matching = matchingCommands(this.commands, prefix);
    if (this.choices.show(matching, (a, b) => a.name === b.name)) {
      this.choices.announce(matching.length === 0 ? text('noPromptCommandMatches') : text('promptCommandsMatching', matching.length));
    }
  }

  /** A keydown in the box: true when the open list took it (and nothing else may act on it). */
  handleKey(event: KeyboardEvent, composing: boolean): boolean {
    return this.choices.handleKey(event, composing);
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

  /** Enter or a click: the chosen command is expanded at once; Tab: its name is completed, for arguments. */
  private take(command: PromptCommandView, by: TakenBy): void {
    const expand = by !== 'Tab';
    const completed = `/${command.name}${expand ? '' : ' '}`;
    this.input.value = completed;
    this.input.setSelectionRange(completed.length, completed.length);
    this.choices.dismiss(); // chosen: the list does not open again on the completed name
    this.host.changed();
    if (expand) {
      this.expand(completed);
    } else if (command.argumentHint !== undefined) {
      this.choices.announce(command.argumentHint);
    }
  }
}

function renderCommand(command: PromptCommandView, item: HTMLElement): void {
  item.dataset['name'] = command.name;
  item.title = command.source;
  item.append(element('span', 'prompt-suggestion-name', `/${command.name}`));
  if (command.argumentHint !== undefined) {
    item.append(' ', element('span', 'prompt-suggestion-hint', command.argumentHint));
  }
  if (command.description !== undefined) {
    item.append(' ', element('span', 'prompt-suggestion-description', command.description));
  }
}
