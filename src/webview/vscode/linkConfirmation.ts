import * as vscode from 'vscode';
import { linkTarget, type LinkTarget } from '../common/linkTarget';

/** A question is on screen: a second click (a double click, or another view) must not stack another. */
let asking = false;

/**
 * `vscode.env.openExternal` as VS Code implements it: it takes the link as a string (opened and
 * named as it is; a Uri would be re-encoded, an "=" in the query becoming "%3D") and the
 * `allowContributedOpeners` option its own webview links use. With that option VS Code's question
 * names the link being opened; without it, VS Code 1.139 still names the first link it opened on
 * the same site.
 */
type OpenExternal = (target: string, options: { readonly allowContributedOpeners: boolean }) => Thenable<boolean>;

/**
 * The one way a link from a webview opens, after exactly one question naming the whole URL. For
 * most addresses the question is VS Code's own link protection: it names the link, offers Open,
 * Copy and Configure Trusted Domains, and domains the user trusts skip it. VS Code opens links to
 * `localhost` and `127.0.0.1` without asking, but a link from a reply to this computer can make a
 * local service act for the user, so for those Cluster Chat asks, once.
 */
export async function openLink(href: string, log: vscode.LogOutputChannel): Promise<void> {
  const target = linkTarget(href);
  if (!target) {
    return;
  }
  if (asking) {
    log.info(`A link to ${target.host} was clicked while another link waited for an answer; it was not opened.`);
    return;
  }
  asking = true;
  try {
    if (target.openedUnaskedByVsCode && !(await userConfirms(target))) {
      return;
    }
    const openExternal = vscode.env.openExternal as unknown as OpenExternal;
    await openExternal(target.url, { allowContributedOpeners: true });
  } finally {
    asking = false;
  }
}

async function userConfirms(target: LinkTarget): Promise<boolean> {
  const open = vscode.l10n.t('Open');
  const copy = vscode.l10n.t('Copy Link');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Open a link to {0} on this computer?', target.host),
    {
      modal: true,
      detail: `${target.url}\n\n${vscode.l10n.t('A link in a reply can make a service running on this computer act for you.')}`,
    },
    open,
    copy,
  );
  if (choice === copy) {
    await vscode.env.clipboard.writeText(target.url);
  }
  return choice === open;
}
