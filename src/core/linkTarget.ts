import { domainToUnicode } from 'node:url';
import { isOpenableLink } from './protocol/replyProtocol';

/** A link from a reply, described for the question the user answers before it opens. */
export interface LinkTarget {
  /** The link exactly as the reply gave it: what the user is shown and what opens. */
  readonly url: string;
  /** The host the browser will connect to, with its port; international names in their punycode form. */
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
    url: href,
    host: parsed.host,
    ...(displayed !== '' && displayed !== parsed.hostname ? { displayedHost: displayed + (parsed.port ? `:${parsed.port}` : '') } : {}),
    hasUserInfo: parsed.username !== '' || parsed.password !== '',
  };
}
