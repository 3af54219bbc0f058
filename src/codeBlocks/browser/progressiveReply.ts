import type { CodeAction } from '../../replies/common/replyProtocol';
import { queueJob } from '../../base/browser/sliceQueue';
import { element } from '../../base/browser/dom';
import { renderSegment, startProgress, type RenderOptions } from '../../markdown/browser/renderMarkdown';
import { sanitizeHtml } from '../../markdown/browser/sanitize';
import { SEGMENT_MIN_REPLY, splitIntoSegments, type Segment } from '../../markdown/browser/segments';
import { appendCodeLines, splitLongCode } from '../../markdown/browser/codeLines';
import { addBlockActions } from './markdownWithActions';

/** The latest rendering of each container: an earlier one still filling it in stops. */
const latest = new WeakMap<HTMLElement, object>();

/** Stops filling in `container` (its content was replaced by something else). */
export function stopRendering(container: HTMLElement): void {
  latest.delete(container);
}

/** True when a reply is rendered part by part (see `renderReplyInto`). */
export function rendersInSteps(markdown: string): boolean {
  return markdown.length > SEGMENT_MIN_REPLY;
}

/** Set on a reply's container while its later parts are still being rendered. */
export const RENDERING_ATTRIBUTE = 'data-rendering';

/**
 * Renders a reply into `container`: a short one at once, a long one part by part, each step in a
 * task of its own (see `sliceQueue`), so no reply holds the main thread for long. A step parses
 * one segment (see `splitIntoSegments`), or sanitizes and inserts one part of it (a long paragraph
 * is several); segments are laid out only near the viewport (`content-visibility` on
 * `.md-segment`). `onDone` runs once the later parts of a long reply are in.
 */
export function renderReplyInto(
  container: HTMLElement,
  markdown: string,
  actions: readonly CodeAction[],
  options: RenderOptions = {},
  onDone: (container: HTMLElement) => void = () => undefined,
): void {
  const run = {};
  latest.set(container, run);
  const progress = startProgress();
  const insert = (html: string, into: ParentNode): void => {
    const fragment = sanitizeHtml(html);
    addBlockActions(fragment, actions);
    splitLongCode(fragment);
    into.append(fragment);
  };
  if (!rendersInSteps(markdown)) {
    container.replaceChildren();
    container.removeAttribute(RENDERING_ATTRIBUTE);
    for (const part of renderSegment(markdown, progress, options)) {
      insert(part, container);
    }
    return;
  }
  container.replaceChildren();
  container.setAttribute(RENDERING_ATTRIBUTE, '');
  // Cut in the first step, not in the task that received the reply (a scan of all of it).
  let segments: Segment[] | undefined;
  let next = 0;
  let parts: string[] = [];
  let wrapper: HTMLElement = container;
  queueJob(() => {
    if (latest.get(container) !== run) {
      return 'done';
    }
    segments ??= splitIntoSegments(markdown);
    // A step either parses a segment or puts one part of it (or a run of code lines) on the page.
    let drawn = true;
    const part = parts.shift();
    if (part !== undefined) {
      insert(part, wrapper);
    } else {
      const segment = segments[next++];
      if (segment && 'codeLines' in segment) {
        appendCodeLines(container, segment.codeLines);
      } else if (segment) {
        wrapper = container.appendChild(element('div', segmentClass(segment)));
        parts = renderSegment(segment.markdown, progress, segment.codeHead ? { ...options, plainCode: true } : options);
        drawn = false;
      }
    }
    if (parts.length > 0 || next < segments.length) {
      return drawn ? 'drawn' : 'more';
    }
    container.removeAttribute(RENDERING_ATTRIBUTE);
    onDone(container);
    return 'done';
  });
}

function segmentClass(segment: Exclude<Segment, { codeLines: string }>): string {
  return segment.table ? `md-segment table-segment table-${segment.table}` : 'md-segment';
}
