import { text } from '../../webview/browser/strings';
import type { HostToWebviewMessage, ReplyViewModel } from '../common/hostToReplySchema';
import { ACTION_BUTTON_SELECTOR, appendActionButtons, readButtonAction } from '../../codeBlocks/browser/actionButtons';
import { ActionFeedback } from '../../codeBlocks/browser/actionFeedback';
import { interceptLinks } from '../../webview/browser/linkClicks';
import { createReplyLayout, type ReplyLayout } from './replyLayout';
import { renderReplyInto, stopRendering } from '../../codeBlocks/browser/progressiveReply';
import { replyState, savedReply } from './replyState';
import { enableActionToolbars } from '../../codeBlocks/browser/actionToolbars';
import { parseHostMessage } from '../common/hostToReplySchema';
import type { ViewFactory } from '../../webview/browser/view';
import { getVsCodeApi, type VsCodeApi } from '../../webview/browser/vscodeApi';

/** Shows one assistant reply with action toolbars for each code block and for the whole reply. */
class ReplyView {
  private readonly layout: ReplyLayout;
  private readonly feedback: ActionFeedback;
  private reply: ReplyViewModel | undefined;

  constructor(
    root: HTMLElement,
    private readonly api: VsCodeApi,
  ) {
    this.layout = createReplyLayout(root);
    this.feedback = new ActionFeedback(this.layout.status);
    root.addEventListener('click', (event) => this.onClick(event));
    interceptLinks(root, (href) => this.api.postMessage({ type: 'openLink', href }));
    enableActionToolbars(root);

    const restored = savedReply(api.getState());
    if (restored) {
      this.show(restored);
    } else {
      this.showEmpty();
    }
  }

  handleMessage(message: HostToWebviewMessage): void {
    switch (message.type) {
      case 'showReply':
        this.show(message.reply);
        this.api.setState(replyState(message.reply));
        break;
      case 'actionDone':
        if (message.replyId === this.reply?.replyId) {
          this.feedback.show(message.action, message.ok);
        }
        break;
    }
  }

  private show(reply: ReplyViewModel): void {
    const { header, title, cluster, replyActions, content } = this.layout;
    const sameReply = reply.replyId === this.reply?.replyId;
    this.reply = reply;
    this.feedback.reset();

    title.textContent = reply.title;
    cluster.textContent = reply.cluster;
    header.hidden = false;

    replyActions.replaceChildren();
    appendActionButtons(replyActions, reply.actions, 'all');
    replyActions.hidden = replyActions.childElementCount === 0;

    renderReplyInto(content, reply.markdown, reply.actions);
    if (!sameReply) {
      window.scrollTo(0, 0);
    }
  }

  private showEmpty(): void {
    const { header, replyActions, content } = this.layout;
    header.hidden = true;
    replyActions.hidden = true;
    const empty = document.createElement('p');
    empty.className = 'reply-empty';
    empty.textContent = text('noReply');
    stopRendering(content);
    content.replaceChildren(empty);
  }

  private onClick(event: MouseEvent): void {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>(ACTION_BUTTON_SELECTOR) : null;
    const target = button ? readButtonAction(button) : undefined;
    if (!button || !target || !this.reply) {
      return;
    }
    this.feedback.pressedButton(button, target.action);
    this.api.postMessage({ type: 'codeAction', replyId: this.reply.replyId, action: target.action, block: target.block });
  }
}

export const mountReplyView: ViewFactory = (root) => {
  const view = new ReplyView(root, getVsCodeApi());
  return {
    receive: (raw) => {
      const message = parseHostMessage(raw);
      if (message) {
        view.handleMessage(message);
      }
    },
  };
};
