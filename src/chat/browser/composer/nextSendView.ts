import { meterBase, meterLevel, type MeterBase, type MeterLevel, nextSendMessages, withNextMessage } from '../../common/contextMeter';
import type { HostToChatMessage, MeterSettings } from '../../common/chatProtocol';
import { button, element, statusRegion } from '../../../base/browser/dom';
import { codicon } from '../../../webview/browser/codicons';
import { text } from '../../../webview/browser/strings';
import type { ChatModel } from '../chatModel';
import type { ComposerLayout } from './composerLayout';
import type { SystemPromptPanel } from './systemPromptPanel';
import { showExcluded } from '../messages/messageElement';
import { InstructionsLine } from './instructionsLine';

/** The host messages only this view follows; the chat view passes every message on to it. */
export type NextSendOwnType = 'instructions' | 'frozenInstructions' | 'systemPrompt' | 'excluded' | 'meter';

/**
 * What the next send carries, shown under the message box (and the instruction files above it,
 * `InstructionsLine`):
 *
 * ```html
 * <div class="chat-meter" data-level="ok|warning|over">
 *   <button class="chat-meter-summary" aria-expanded="false" aria-controls="chat-meter-details" title="…">≈ 1,234 tokens</button>
 *   <div class="chat-meter-details" id="chat-meter-details" hidden>
 *     <span class="chat-meter-size">Next send: ≈ 1,234 tokens (estimate) · 4.8 KB · 4,790 characters</span>
 *     <span class="chat-meter-level">above the warning threshold of 8,000 tokens</span>
 *     <div class="chat-meter-explained">System prompt, instruction files, …</div>
 *   </div>
 *   <div class="visually-hidden" role="status">…</div>
 * </div>
 * ```
 *
 * One short line in a narrow sidebar: the tokens, and the level's colour and icon; a click opens
 * the figures, the threshold crossed and what is counted.
 *
 * The conversation's part is measured once per change of it; each keystroke adds only the typed
 * message (`chat/common/contextMeter`, the same body builder the client sends with). The instruction
 * files that apply now are counted in the system message, as the next send carries them; while a
 * message is edited, what its resend carries: the messages before it and the instructions it went
 * with (asked of the host, `frozenInstructions`). It also carries
 * out the host's word that the system prompt changed, or that a message was excluded or included
 * (announced).
 */
export class NextSendView {
  readonly element = element('div', 'chat-meter');
  private readonly summary = button('chat-meter-summary', {});
  private readonly details = element('div', 'chat-meter-details');
  private readonly size = element('span', 'chat-meter-size');
  private readonly levelText = element('span', 'chat-meter-level');
  private readonly status = statusRegion();
  /** Above the message box: the instruction files whose text the meter counts. */
  private readonly instructionsLine = new InstructionsLine();
  private settings: MeterSettings = { warningTokens: 0, limitTokens: 0 };
  private attached = '';
  /** What the instruction files that apply add to the system message. */
  private instructions = '';
  private base: MeterBase | undefined;
  /** The user message being edited: a resend of it carries the messages before it and the instructions it went with. */
  private editIndex: number | undefined;
  private frozen: Extract<HostToChatMessage, { type: 'frozenInstructions' }> | undefined;
  private level: MeterLevel = 'ok';

  private readonly input: HTMLTextAreaElement;
  /** A measure is queued (see showSoon). */
  private showing = false;

  constructor(
    layout: ComposerLayout,
    private readonly model: ChatModel,
    private readonly systemPrompt: SystemPromptPanel,
    private readonly itemAt: (index: number) => HTMLElement | null,
  ) {
    this.input = layout.input;
    this.element.hidden = true;
    this.details.id = 'chat-meter-details';
    this.details.hidden = true;
    this.details.append(this.size, ' ', this.levelText, element('div', 'chat-meter-explained', text('meterExplained')));
    this.summary.setAttribute('aria-expanded', 'false');
    this.summary.setAttribute('aria-controls', this.details.id);
    this.summary.addEventListener('click', () => {
      const open = this.details.hidden;
      this.details.hidden = !open;
      this.summary.setAttribute('aria-expanded', String(open));
    });
    this.element.append(this.summary, this.details, this.status);
    layout.composer.append(this.element);
    layout.composer.prepend(this.instructionsLine.element);
    this.input.addEventListener('input', () => this.show());
  }

  /** Follows a host message: the conversation's part is measured again when the conversation changed. */
  update(message: HostToChatMessage): void {
    switch (message.type) {
      case 'meter':
        this.settings = message.settings;
        this.attached = message.attached;
        break;
      case 'instructions':
        this.instructionsLine.show(message.files);
        if (message.text === this.instructions) {
          return;
        }
        this.instructions = message.text;
        break;
      case 'excluded':
        if (!this.model.isShown(message.conversationId) || !this.model.setExcluded(message.index, message.excluded)) {
          return;
        }
        this.markExcluded(message.index, message.excluded);
        break;
      case 'frozenInstructions':
        if (!this.model.isShown(message.conversationId)) {
          return;
        }
        this.frozen = message;
        break;
      case 'systemPrompt':
        if (!this.model.isShown(message.conversationId)) {
          return;
        }
        this.model.systemPrompt = message.systemPrompt;
        this.systemPrompt.show(message.systemPrompt);
        break;
      case 'chatState':
      case 'messagesAppended':
      case 'messagesTruncated':
      case 'earlierMessages':
      case 'setDraft':
        break;
      default:
        return;
    }
    this.base = undefined;
    this.showSoon();
  }

  /**
   * Measures the conversation again in a task of its own: a long reply's bytes take milliseconds
   * to count, which would otherwise add to the task that renders it.
   */
  private showSoon(): void {
    if (!this.showing) {
      this.showing = true;
      setTimeout(() => {
        this.showing = false;
        this.show();
      }, 0);
    }
  }

  /** Edit mode started on message `index`, or ended (undefined). */
  editing(index: number | undefined): void {
    this.editIndex = index;
    this.base = undefined;
    this.show();
  }

  /** The messages the next send carries before the typed one. */
  private sentBefore(): ReturnType<typeof nextSendMessages> {
    const { editIndex } = this;
    if (editIndex === undefined) {
      return nextSendMessages(this.model.systemPrompt, this.model.messages, this.instructions);
    }
    const { frozen } = this;
    const instructions =
      frozen !== undefined && frozen.conversationId === this.model.conversationId && frozen.index === editIndex
        ? frozen.text
        : this.instructions;
    // Those before the edited message; an excluded one stays out, as the resend leaves it out.
    const kept = this.model.messages.filter((message) => message.index < editIndex && message.excluded !== true);
    return nextSendMessages(this.model.systemPrompt, kept, instructions);
  }

  private markExcluded(index: number, excluded: boolean): void {
    const item = this.itemAt(index);
    if (item) {
      showExcluded(item, excluded);
    }
    this.status.textContent = text(excluded ? 'messageExcluded' : 'messageIncluded');
  }

  private show(): void {
    // Until the older messages have arrived, the view cannot count what is sent: no figure rather than a wrong one.
    if (this.model.conversationId === undefined || (this.model.messages[0]?.index ?? 0) > 0) {
      this.element.hidden = true;
      return;
    }
    this.base ??= meterBase(this.sentBefore(), this.attached);
    const size = withNextMessage(this.base, this.input.value);
    const level = meterLevel(size, this.settings);
    const tokens = number(size.tokens);
    this.size.textContent = text('meterSize', tokens, bytes(size.bytes), number(size.chars));
    this.levelText.textContent =
      level === 'warning'
        ? text('meterWarning', number(this.settings.warningTokens))
        : level === 'over'
          ? text('meterOver', number(this.settings.limitTokens))
          : '';
    const short = text('meterShort', tokens);
    if (this.summary.lastChild?.textContent !== short || level !== this.level) {
      this.summary.replaceChildren(...(level === 'ok' ? [] : [codicon(level === 'over' ? 'error' : 'warning')]), short);
    }
    this.summary.title = level === 'ok' ? this.size.textContent : text('meterTitle', this.size.textContent, this.levelText.textContent);
    this.element.dataset['level'] = level;
    this.element.hidden = false;
    if (level !== this.level && level !== 'ok') {
      // Crossing a threshold is news; the size itself changes with every keystroke and is not announced.
      this.status.textContent = this.levelText.textContent;
    }
    this.level = level;
  }
}

function number(value: number): string {
  return value.toLocaleString();
}

function bytes(value: number): string {
  if (value < 1024) {
    return `${value} B`;
  }
  return value < 1024 * 1024 ? `${(value / 1024).toFixed(1)} KB` : `${(value / (1024 * 1024)).toFixed(1)} MB`;
}
