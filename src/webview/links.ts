/** Longest href the host accepts in an `openLink` message. */
export const MAX_LINK_LENGTH = 8192;

/**
 * True only for an absolute http(s) link short enough to hand to the host. Same rule as the
 * protocol's `isOpenableLink`, kept here so the webview bundle needs only the protocol's types.
 */
export function isSafeLink(href: string): boolean {
  if (href.length > MAX_LINK_LENGTH) {
    return false;
  }
  try {
    const { protocol } = new URL(href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
