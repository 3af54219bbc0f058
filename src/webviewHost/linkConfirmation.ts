import * as vscode from 'vscode';
import { linkTarget, type LinkTarget } from '../core/linkTarget';

/** A question is on screen: a second click (a double click, or another view) must not stack another. */
let asking = false;

/**
 * The one way a link from a webview opens: a modal question naming the whole URL and its real
 * host, then the browser only on the user's Open. VS Code's trusted domains do not skip the
 * question, because a reply is untrusted text that can dress a link up as anything.
 */
export async function confirmAndOpenLink(href: string, log: vscode.LogOutputChannel): Promise<void> {
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
    const open = vscode.l10n.t('Open');
    const copy = vscode.l10n.t('Copy Link');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Open a link to {0}?', target.host),
      { modal: true, detail: describe(target) },
      open,
      copy,
    );
    if (choice === open) {
      // The link as a string: VS Code opens a string as it is, while a Uri would be re-encoded
      // (an "=" in the query becomes "%3D"), so the page opened would not be the one confirmed.
      await vscode.env.openExternal(target.url as unknown as vscode.Uri);
    } else if (choice === copy) {
      await vscode.env.clipboard.writeText(target.url);
    }
  } finally {
    asking = false;
  }
}

function describe(target: LinkTarget): string {
  const notes = [target.url];
  if (target.displayedHost !== undefined) {
    notes.push(
      vscode.l10n.t(
        'The address is written with international characters as {0}, which can imitate another name; it leads to {1}.',
        target.displayedHost,
        target.host,
      ),
    );
  }
  if (target.hasUserInfo) {
    notes.push(vscode.l10n.t('The text before "@" in the address is a user name, not the site: the site is {0}.', target.host));
  }
  return notes.join('\n\n');
}
