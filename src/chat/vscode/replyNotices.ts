import * as vscode from 'vscode';
import { OFFER_TO_OPEN_AFTER_MS, replyNotice } from '../common/replyNoticeChoice';
import type { ReplyArrival } from './unreadReplies';

/**
 * Tells the user of replies that arrive while the chat view is hidden: the view's badge counts
 * them until the view is shown, and after a long wait a notification offers to open the reply.
 */
export class ReplyNotices implements vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private viewSubscriptions: vscode.Disposable[] = [];
  private unseen = 0;
  /** Whether the view shows a badge (as VS Code keeps it, whichever view object set it). */
  private badgeShown = false;
  /** How long a wait must be before the notification; shorter only in tests. */
  offerAfterMs = OFFER_TO_OPEN_AFTER_MS;
  /** The last notification's text (tests read it: notifications are not in the DOM of the test host). */
  lastOffer: string | undefined;

  constructor(private readonly open: (conversationId: string) => Promise<void>) {}

  /** The chat view was resolved (again). */
  attach(view: vscode.WebviewView): void {
    this.releaseView();
    this.view = view;
    this.viewSubscriptions = [
      view.onDidChangeVisibility(() => this.showBadge()),
      view.onDidDispose(() => {
        if (this.view === view) {
          this.releaseView();
        }
      }),
    ];
    this.showBadge();
  }

  arrived({ conversationId, title, waitedMs }: ReplyArrival): void {
    const notice = replyNotice(this.view?.visible ?? false, waitedMs, this.offerAfterMs);
    if (notice.badge) {
      this.unseen++;
      this.showBadge();
    }
    if (notice.offerToOpen) {
      const openAction = vscode.l10n.t('Open');
      this.lastOffer = title
        ? vscode.l10n.t('Cluster Chat: the reply in “{0}” has arrived.', title)
        : vscode.l10n.t('Cluster Chat: a reply has arrived.');
      void vscode.window.showInformationMessage(this.lastOffer, openAction).then((choice) => {
        if (choice === openAction) {
          void this.open(conversationId);
        }
      });
    }
  }

  /** The count of unseen replies, or none once the view is shown. */
  private showBadge(): void {
    if (this.view?.visible) {
      this.unseen = 0;
    }
    if (!this.view) {
      return;
    }
    if (this.unseen > 0) {
      const tooltip = this.unseen === 1 ? vscode.l10n.t('1 new reply') : vscode.l10n.t('{0} new replies', this.unseen);
      this.view.badge = { value: this.unseen, tooltip };
      this.badgeShown = true;
    } else if (this.badgeShown) {
      // The badge belongs to the view id, but a view resolved anew (VS Code 1.100 does so when a hidden view
      // is shown) starts with none of its own and skips setting none again: set one, then none.
      this.view.badge = { value: 0, tooltip: '' };
      this.view.badge = undefined;
      this.badgeShown = false;
    }
  }

  private releaseView(): void {
    for (const subscription of this.viewSubscriptions) {
      subscription.dispose();
    }
    this.viewSubscriptions = [];
    this.view = undefined;
  }

  dispose(): void {
    this.releaseView();
  }
}
