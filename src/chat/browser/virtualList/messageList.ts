import type { ChatMessageView, ChatToHostMessage } from '../../common/chatProtocol';
import { loadEarlierAfterPaint } from '../messages/earlierMessages';
import type { ChatModel } from '../chatModel';
import { markRenderOnce, RENDER_MARKS, startRenderMarks } from '../../../markdown/browser/renderMarks';
import { element } from '../../../base/browser/dom';
import { FrameTask } from '../../../base/browser/frameTask';
import { rendersInSteps } from '../../../codeBlocks/browser/progressiveReply';
import { estimateHeight } from './heightEstimate';
import { HeightIndex } from './heightIndex';
import { BackgroundEstimates } from '../composer/backgroundEstimates';
import { EDITING_CLASS, FOUND_CLASS, MessageDecorations } from '../messages/messageDecorations';
import { MessageItems } from '../messages/messageItems';
import { QuietLiveRegion } from '../messages/quietLiveRegion';
import { RenderedItems } from '../messages/renderedItems';
import { frameRanges, revealTop, sameRange, type Viewport } from './renderRange';
import { ScrollPin } from './scrollPin';
import { createSpacer, SpacerHeights } from './spacerHeights';
import { text } from '../../../webview/browser/strings';
import { ViewAnchors } from './viewAnchor';

/** Appending more messages than this at once defers their highlighting too. */
const IMMEDIATE_HIGHLIGHT_LIMIT = 5;

/**
 * The conversation on the page, virtualized: only the messages near the viewport are in the DOM,
 * spacers stand for the others (their heights estimated until a message was rendered and measured).
 * The newest messages come first; older ones are added at the start once those are on screen.
 *
 * ```html
 * <div class="chat-scroll">
 *   <p class="chat-empty">Ask the cluster anything, …</p>
 *   <div class="chat-spacer chat-spacer-before" aria-hidden="true"></div>
 *   <ol id="messages" class="chat-messages" role="log" aria-live="polite">
 *     <li class="chat-message" data-index="0" data-role="user" aria-posinset="1" aria-setsize="2">…</li>
 *     <div class="chat-error" role="alert" data-index="0">…</div>
 *   </ol>
 *   <div class="chat-spacer chat-spacer-after" aria-hidden="true"></div>
 * </div>
 * ```
 *
 * While the user has not scrolled up, the view stays at the end as messages arrive and heights
 * settle; otherwise the message at the top of the view stays where it is when heights change.
 */
export class MessageList {
  readonly scroller: HTMLDivElement;
  readonly list: HTMLOListElement;
  private readonly empty: HTMLParagraphElement;
  private readonly items: MessageItems;
  private readonly heights = new HeightIndex();
  private readonly spacers = new SpacerHeights();
  private readonly rendered: RenderedItems;
  private readonly decorations: MessageDecorations;
  private readonly live: QuietLiveRegion;
  private readonly estimator = new BackgroundEstimates(this.heights, (change) => this.holdStill(change));
  /** Messages appended in a small batch: highlighted at once. */
  private immediate = new WeakSet<ChatMessageView>();
  private readonly frame = new FrameTask(() => this.update());
  private settling = false;
  private readonly pin: ScrollPin;
  private readonly anchors: ViewAnchors;

  constructor(
    private readonly model: ChatModel,
    /** Asks the host for older messages. */
    private readonly post: (request: ChatToHostMessage) => void,
  ) {
    this.scroller = element('div', 'chat-scroll');
    this.empty = element('p', 'chat-empty', text('chatEmpty'));
    this.list = element('ol', 'chat-messages');
    this.list.id = 'messages';
    this.list.tabIndex = -1;
    this.list.setAttribute('role', 'log');
    this.live = new QuietLiveRegion(this.list);
    this.list.setAttribute('aria-label', text('chatMessages'));
    this.scroller.append(this.empty, createSpacer('chat-spacer-before'), this.list, createSpacer('chat-spacer-after'));
    this.decorations = new MessageDecorations(model, (index) => this.itemAt(index));
    this.items = new MessageItems(this.scroller, model, this.decorations);
    this.rendered = new RenderedItems(this.list, {
      create: (message, position) => this.items.create(message, position, !this.immediate.has(message)),
      dispose: (item, message) => this.items.dispose(item, message),
    });
    this.pin = new ScrollPin(this.scroller, () => this.frame.schedule());
    this.anchors = new ViewAnchors(this.scroller, this.pin, this.heights, model);
    if (typeof ResizeObserver === 'function') {
      // Runs after layout, before paint: a message that grew is measured and the view held still in that frame.
      const observer = new ResizeObserver(() => this.holdStill(() => this.measure()));
      [this.list, this.scroller].forEach((target) => observer.observe(target));
    }
  }

  /** Replaces the page's messages with the model's: the newest at once, the rest as the user scrolls. */
  showConversation(): void {
    startRenderMarks();
    this.frame.cancel();
    this.rendered.clear();
    this.items.reset();
    this.decorations.reset();
    this.immediate = new WeakSet();
    this.estimator.start(this.model.messages, this.scroller.clientWidth);
    this.pin.pinned = true;
    this.settling = true;
    this.list.setAttribute('aria-busy', 'true');
    this.update();
    markRenderOnce(RENDER_MARKS.firstRender);
    loadEarlierAfterPaint(this.model, this.post);
  }

  /** Adds messages at the end (already in the model). */
  appendMessages(messages: readonly ChatMessageView[]): void {
    if (messages.some((message) => message.role === 'user')) {
      this.pin.pinned = true;
    }
    const added = this.model.messages.slice(this.heights.count);
    if (added.length <= IMMEDIATE_HIGHLIGHT_LIMIT) {
      added.forEach((message) => this.immediate.add(message));
    }
    const width = this.scroller.clientWidth;
    this.heights.push(added.map((message) => estimateHeight(message, width)));
    this.live.speak();
    this.update(true);
    // A long reply opens at its start, where it is read from: its later parts then come in below the
    // view, where they are not laid out (`content-visibility`) until the reader gets to them.
    const long = added.find((message) => message.role === 'assistant' && rendersInSteps(message.content));
    if (long && this.pin.pinned) {
      this.anchors.openAt(long.index);
      this.update();
    }
  }

  /** Adds `count` older messages at the start (already in the model), the view held still. */
  prependMessages(count: number): void {
    this.holdStill(() => {
      this.estimator.prepended(this.model.messages, count);
      this.rendered.shift(count);
    }, count);
  }

  /** Removes the messages from `index` on (already removed from the model). */
  removeFrom(index: number): void {
    this.heights.truncate(this.model.positionOf(index));
    this.estimator.truncated(this.heights.count);
    this.update();
  }

  /** Brings the placeholder, the regenerate button and the error in line with the model. */
  decorate(): void {
    this.empty.hidden = this.model.messages.length > 0;
    this.decorations.apply(this.list);
  }

  itemAt(index: number): HTMLElement | null {
    const position = this.model.positionOf(index);
    return this.model.messages[position]?.index === index ? (this.rendered.elementAt(position) ?? null) : null;
  }

  /** Marks the message being edited (or none) and brings it into view. */
  markEditing(index: number | undefined): void {
    this.decorations.mark(EDITING_CLASS, index);
    this.reveal(index);
  }

  /** Marks the current find match's message (or none) and brings it into view. */
  markFound(index: number | undefined): HTMLElement | null {
    this.decorations.mark(FOUND_CLASS, index);
    return this.reveal(index);
  }

  /** The index of the first message in view (where a search starts). */
  firstVisibleIndex(): number | undefined {
    return this.model.messages[this.heights.positionAt(this.viewport().top)]?.index;
  }

  /** Renders message `index` and scrolls the least needed to show it whole (its top if taller than the view). */
  reveal(index: number | undefined): HTMLElement | null {
    const position = index === undefined ? -1 : this.model.positionOf(index);
    if (index === undefined || this.model.messages[position]?.index !== index) {
      return null;
    }
    const view = this.viewport();
    const top = this.heights.offsetOf(position);
    const target = revealTop(top, top + this.heights.heightAt(position), view);
    if (target !== view.top) {
      this.pin.jumpTo(target, target >= this.heights.total - view.height);
    }
    this.update();
    return this.itemAt(index);
  }

  /** One frame's work: measure what is rendered, render what the viewport needs, keep the view still. */
  private update(news = false): void {
    this.frame.cancel();
    // Where the user looks by the heights the page was laid out with, taken before measuring changes them.
    const anchor = this.anchors.take();
    this.measure();
    const view = this.viewport();
    const { next, settled } = frameRanges(this.heights, view, this.rendered.range);
    if (!news && !sameRange(next, this.rendered.range)) {
      this.live.hush();
    }
    this.rendered.show(this.model.messages, next);
    this.decorate();
    const resized = this.measure();
    this.placeSpacers();
    this.anchors.restore(anchor);
    if (resized || !settled) {
      this.frame.schedule();
    } else if (this.settling) {
      this.settling = false;
      this.list.removeAttribute('aria-busy');
      markRenderOnce(RENDER_MARKS.allRendered);
    }
  }

  /** Changes heights without moving what the user looks at (`shift`: messages the model has before the heights' first). */
  private holdStill(change: () => void, shift = 0): void {
    const anchor = this.anchors.take(shift);
    change();
    this.placeSpacers();
    this.anchors.restore(anchor);
    this.frame.schedule();
  }

  private placeSpacers(): void {
    const { start, end } = this.rendered.range;
    this.spacers.set(this.heights.offsetOf(start), this.heights.total - this.heights.offsetOf(end));
  }

  /** Takes the rendered messages' heights (with an error box after one); true when one changed. */
  private measure(): boolean {
    let changed = false;
    for (const [position, item] of this.rendered.entries()) {
      const height = item.offsetHeight + (this.decorations.errorAfter(item)?.offsetHeight ?? 0);
      // 0: not laid out (hidden view, or no layout engine): the estimate is the better guess.
      if (height > 0 && this.heights.set(position, height)) {
        changed = true;
      }
    }
    return changed;
  }

  private viewport(): Viewport {
    const height = this.scroller.clientHeight;
    const top = this.pin.pinned ? Math.max(0, this.heights.total - height) : this.scroller.scrollTop;
    return { top, height, pinned: this.pin.pinned };
  }
}
