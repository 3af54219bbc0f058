import { domainToUnicode } from 'node:url';
import { isOpenableLink } from './protocol/replyProtocol';

/** A link from a reply, described for the question the user answers before it opens. */
export interface LinkTarget {
  /**
   * The link as the reply gave it, with an international host name in its punycode form, so the
   * host shown is the one the browser connects to: what is shown and what opens.
   */
  readonly url: string;
  /** That host, with its port. */
  readonly host: string;
  /** The host as its international characters display it (a possible look-alike), when that differs from `host`. */
  readonly displayedHost?: string;
  /** The URL carries a user name before an "@", which can make another host look like the target. */
  readonly hasUserInfo: boolean;
}

/** The link's target, or undefined for anything that is not an openable http(s) link. */
export function linkTarget(href: string): LinkTarget | undefined {
  if (!isOpenableLink(href)) {
    return undefined;
  }
  const parsed = new URL(href);
  const displayed = domainToUnicode(parsed.hostname);
  return {
    // markdown-it already writes hosts in punycode; a Unicode host left in the text would hide the real one.
    url: /^[\x21-\x7e]*$/.test(href) ? href : parsed.href,
    host: parsed.host,
    ...(displayed !== '' && displayed !== parsed.hostname ? { displayedHost: displayed + (parsed.port ? `:${parsed.port}` : '') } : {}),
    hasUserInfo: parsed.username !== '' || parsed.password !== '',
  };
}
