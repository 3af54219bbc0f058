import { isOpenableLink } from '../../replies/common/replyProtocol';

/**
 * Makes asking the host the only way a link in the webview opens. VS Code's webview frame has
 * its own handler for link clicks, on the window in the bubbling phase, which opens the link
 * without asking and ignores `preventDefault()`; so every click on a link is stopped here, in the
 * capturing phase on the window, before it reaches that handler or any other. A main-button click
 * (which Enter on a focused link also fires) or a middle click on a safe http(s) link inside
 * `root` is handed to `open`; every other link press only does nothing.
 */
export function interceptLinks(root: HTMLElement, open: (href: string) => void): void {
  const onPress = (event: MouseEvent): void => {
    const anchor = linkPressed(event);
    if (!anchor) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    const href = anchor.getAttribute('href') ?? '';
    const opening = event.type === 'click' ? event.button === 0 : event.button === 1;
    if (opening && root.contains(anchor) && isOpenableLink(href)) {
      open(href);
    }
  };
  const view = root.ownerDocument.defaultView ?? window;
  view.addEventListener('click', onPress, { capture: true });
  view.addEventListener('auxclick', onPress, { capture: true });
}

/** The link (an HTML or SVG `<a>`, as VS Code's handler sees links) the event's path goes through, if any. */
function linkPressed(event: MouseEvent): Element | undefined {
  for (const node of event.composedPath()) {
    if (node instanceof Element && node.localName === 'a') {
      return node;
    }
  }
  return undefined;
}
