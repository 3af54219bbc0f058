import type { CodeAction } from '../../replies/common/replyProtocol';
import { appendActionButtons } from './actionButtons';
import { renderMarkdown, type RenderOptions } from '../../markdown/browser/renderMarkdown';
import { sanitizeHtml } from '../../markdown/browser/sanitize';

/**
 * A reply's markdown as sanitized DOM, each code block's toolbar
 * (`.code-block[data-block-index] > .code-actions`) holding the offered action buttons.
 */
export function renderReplyContent(markdown: string, actions: readonly CodeAction[], options: RenderOptions = {}): DocumentFragment {
  const fragment = sanitizeHtml(renderMarkdown(markdown, options));
  addBlockActions(fragment, actions);
  return fragment;
}

/** Puts the offered action buttons into the toolbar of each code block under `fragment`. */
export function addBlockActions(fragment: ParentNode, actions: readonly CodeAction[]): void {
  // A block's toolbar acts on the block; the request belongs to the whole reply.
  const blockActions = actions.filter((action) => action !== 'showRequest');
  for (const block of fragment.querySelectorAll<HTMLElement>('div.code-block')) {
    const index = Number(block.dataset['blockIndex']);
    const toolbar = block.querySelector<HTMLElement>(':scope > .code-actions');
    if (Number.isInteger(index) && index >= 0 && toolbar) {
      appendActionButtons(toolbar, blockActions, index);
    }
  }
}
