import { isOpenableLink } from '../../core/protocol/replyProtocol';

/**
 * Links never navigate the webview: every click on a link is cancelled and, for a safe http(s)
 * link, handed to `open` (which asks the host to open it).
 */
export function interceptLinks(root: HTMLElement, open: (href: string) => void): void {
  const onClick = (event: MouseEvent): void => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (!anchor || !root.contains(anchor)) {
      return;
    }
    event.preventDefault();
    const href = anchor.getAttribute('href') ?? '';
    if (isOpenableLink(href) && (event.type === 'click' || event.button === 1)) {
      open(href);
    }
  };
  root.addEventListener('click', onClick);
  root.addEventListener('auxclick', onClick);
}
