import { element, statusRegion } from '../../base/browser/dom';
import { text } from '../../webview/browser/strings';

/**
 * The reply page's fixed elements, created once so the live regions exist before content
 * arrives:
 *
 * ```html
 * <header class="reply-header"><h1 class="reply-title"></h1><span class="reply-cluster"></span></header>
 * <div class="reply-actions" role="toolbar" aria-label="Reply actions"></div>
 * <main id="reply" class="reply markdown-body" aria-live="polite"></main>
 * <div class="visually-hidden" role="status" aria-live="polite"></div>
 * ```
 */
export interface ReplyLayout {
  readonly header: HTMLElement;
  readonly title: HTMLHeadingElement;
  readonly cluster: HTMLSpanElement;
  readonly replyActions: HTMLDivElement;
  readonly content: HTMLElement;
  readonly status: HTMLDivElement;
}

export function createReplyLayout(root: HTMLElement): ReplyLayout {
  const header = element('header', 'reply-header');
  const title = element('h1', 'reply-title');
  const cluster = element('span', 'reply-cluster');
  header.append(title, cluster);

  const replyActions = element('div', 'reply-actions');
  replyActions.setAttribute('role', 'toolbar');
  replyActions.setAttribute('aria-label', text('replyActions'));

  const content = element('main', 'reply markdown-body');
  content.id = 'reply';
  content.setAttribute('aria-live', 'polite');

  const status = statusRegion();

  root.append(header, replyActions, content, status);
  return { header, title, cluster, replyActions, content, status };
}
