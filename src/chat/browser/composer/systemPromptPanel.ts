import { button, element } from '../../../base/browser/dom';
import { text } from '../../../webview/browser/strings';

/** Longest system prompt the host accepts. */
export const MAX_SYSTEM_PROMPT = 100_000;

/**
 * The conversation's system prompt, folded away by default:
 *
 * ```html
 * <details class="system-prompt">
 *   <summary>System prompt</summary>
 *   <textarea class="system-prompt-input" aria-label="System prompt"></textarea>
 *   <button class="system-prompt-save">Save</button>
 * </details>
 * ```
 */
export class SystemPromptPanel {
  readonly details: HTMLDetailsElement;
  readonly input: HTMLTextAreaElement;
  readonly save: HTMLButtonElement;

  constructor() {
    this.details = element('details', 'system-prompt');
    const summary = element('summary', 'system-prompt-summary', text('systemPrompt'));
    this.input = element('textarea', 'system-prompt-input');
    this.input.setAttribute('aria-label', text('systemPrompt'));
    this.input.maxLength = MAX_SYSTEM_PROMPT;
    this.input.rows = 3;
    this.input.spellcheck = false;
    this.save = button('system-prompt-save', { text: text('saveSystemPrompt') });
    const row = element('div', 'system-prompt-row');
    row.append(this.input, this.save);
    this.details.append(summary, row);
  }

  /** Shows the saved prompt (and marks the summary when there is one). */
  show(prompt: string): void {
    this.input.value = prompt;
    this.details.classList.toggle('is-set', prompt.trim() !== '');
  }

  get value(): string {
    return this.input.value;
  }
}
