import { isOpenableLink } from '../../replies/common/replyProtocol';

/** A link from a reply, as the question before it opens names it and as it opens. */
export interface LinkTarget {
  /**
   * The link as the reply gave it, with an international host name in its punycode form, so the
   * host shown is the one the browser connects to, never a look-alike.
   */
  readonly url: string;
  /** That host, with its port. */
  readonly host: string;
  /**
   * VS Code opens links to this address without asking: it trusts `localhost` and `127.0.0.1` by
   * name. For every other address VS Code's link protection asks, unless the user trusts the domain.
   */
  readonly openedUnaskedByVsCode: boolean;
}

const TRUSTED_BY_NAME = /^(?:localhost|127\.0\.0\.1)(?::\d+)?$/i;

/** The link's target, or undefined for anything that is not an openable http(s) link. */
export function linkTarget(href: string): LinkTarget | undefined {
  if (!isOpenableLink(href)) {
    return undefined;
  }
  const parsed = new URL(href);
  const hasUserInfo = parsed.username !== '' || parsed.password !== '';
  return {
    // markdown-it already writes hosts in punycode; a Unicode host left in the text would hide the real one.
    url: /^[\x21-\x7e]*$/.test(href) ? href : parsed.href,
    host: parsed.host,
    openedUnaskedByVsCode: !hasUserInfo && TRUSTED_BY_NAME.test(parsed.host),
  };
}
