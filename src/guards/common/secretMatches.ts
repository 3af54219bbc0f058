import type { SecretRule } from './secretPatterns';

const STICKY = new Map<RegExp, RegExp>();

/**
 * The matches of a rule's pattern in a text, the ones its global search finds one after the other
 * from the start. With an `anchor`, the pattern runs only at the starts that can lead to the
 * anchor's occurrences, found with `indexOf`, each tried in order with a sticky copy, and the
 * first that matches is where the global search would have matched; then it goes on after it.
 * (Every start that can match lies before the occurrence it leads to, no later than the next
 * occurrence's range, so trying them in order misses none. Patterns never match empty text.)
 */
export function* ruleMatches(text: string, rule: SecretRule): Generator<RegExpExecArray> {
  const { pattern, anchor } = rule;
  if (anchor === undefined) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      yield match;
    }
    return;
  }
  const sticky = stickyOf(pattern);
  let next = 0;
  for (let at = text.indexOf(anchor.literal); at >= 0; at = text.indexOf(anchor.literal, at + 1)) {
    for (let start = Math.max(next, at - anchor.max); start <= at - anchor.min; start++) {
      sticky.lastIndex = start;
      const match = sticky.exec(text);
      next = start + 1;
      if (match !== null) {
        next = Math.max(next, sticky.lastIndex);
        yield match;
        break;
      }
    }
  }
}

function stickyOf(pattern: RegExp): RegExp {
  let sticky = STICKY.get(pattern);
  if (sticky === undefined) {
    sticky = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}y`);
    STICKY.set(pattern, sticky);
  }
  return sticky;
}
