import { foldedLoosely, phraseSearch } from './foldedText';
import { foldForMatching } from './foldText';

/** Text about to be sent that the user did not type in this turn, labelled with where it comes from. */
export interface LabelledText {
  /** e.g. `AGENTS.md`, `attachment src/a.ts`, `earlier reply`. */
  readonly source: string;
  readonly text: string;
}

/** One place where a cluster's action phrase stands in a text. */
export interface ActionPhraseMatch {
  readonly source: string;
  /** The phrase as the cluster lists it. */
  readonly phrase: string;
  /** UTF-16 offsets in the part's original text, end exclusive, and the 1-based line of the start. */
  readonly start: number;
  readonly end: number;
  readonly line: number;
  /** The original text: up to `context` characters of the same line before and after, and the match itself. */
  readonly before: string;
  readonly match: string;
  readonly after: string;
}

export interface ActionPhraseOptions {
  /** Characters of context on each side; 40 unless given. */
  readonly context?: number;
  /** At most this many matches, the first ones in the order of the texts and within each; all unless given. */
  readonly limit?: number;
}

/**
 * Every place where one of a cluster's action phrases stands in the given texts, matched the way a
 * cluster might match it, so that nothing a cluster would act on slips through: case-insensitive
 * (full case folding, `STRASSE` finds `straße`), after NFKC normalization (fullwidth and
 * compatibility forms), with hidden and default-ignorable characters removed and every run of
 * whitespace, line breaks included, read as one space. `Deploy\u200B  Now` finds `deploy now`. A
 * phrase is found inside longer words too (`redeploy nowhere`): how a cluster matches is not known,
 * and a phrase found once too often costs a question, one missed costs an action. Accents and
 * punctuation count (`déploy`, `deploy-now` are other words).
 * Matches come part by part, in text order.
 */
export function findActionPhrases(
  phrases: readonly string[],
  parts: readonly LabelledText[],
  options: ActionPhraseOptions = {},
): ActionPhraseMatch[] {
  const context = options.context ?? 40;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const wanted = new Map<string, string>();
  for (const phrase of phrases) {
    const folded = foldForMatching(phrase).folded.trim();
    if (folded.length > 0 && !wanted.has(folded)) {
      wanted.set(folded, phrase);
    }
  }
  const matches: ActionPhraseMatch[] = [];
  if (wanted.size === 0) {
    return matches;
  }
  // Most texts hold no phrase: those are only folded loosely, without offsets, at a fraction of the cost.
  const searches = [...wanted.keys()].map(phraseSearch);
  for (const part of parts) {
    const room = limit - matches.length;
    const loose = foldedLoosely(part.text);
    const found = searches.some((stands) => stands(loose)) ? locate(part.text, wanted, room) : [];
    // The first matches in text order, whichever phrase they are of.
    matches.push(...describe(part, found, context).slice(0, room));
    if (matches.length >= limit) {
      break;
    }
  }
  return matches;
}

/** Up to `room` places of each phrase in the text, in offsets of the original text. */
function locate(text: string, wanted: ReadonlyMap<string, string>, room: number): Array<{ phrase: string; start: number; end: number }> {
  const { folded, starts, ends } = foldForMatching(text);
  const found: Array<{ phrase: string; start: number; end: number }> = [];
  for (const [needle, phrase] of wanted) {
    let taken = 0;
    for (let at = folded.indexOf(needle); at >= 0 && taken < room; at = folded.indexOf(needle, at + needle.length), taken++) {
      found.push({ phrase, start: starts[at] ?? 0, end: ends[at + needle.length - 1] ?? 0 });
    }
  }
  return found;
}

function describe(part: LabelledText, found: Array<{ phrase: string; start: number; end: number }>, context: number): ActionPhraseMatch[] {
  const { text, source } = part;
  found.sort((a, b) => a.start - b.start || a.end - b.end);
  let line = 1;
  let counted = 0;
  return found.map(({ phrase, start, end }) => {
    for (let at = text.indexOf('\n', counted); at >= 0 && at < start; at = text.indexOf('\n', at + 1)) {
      line++;
      counted = at + 1;
    }
    // `counted` is now where the match's line starts; the context stops at line breaks.
    const from = wholeCharacter(text, Math.max(counted, start - context));
    const window = text.slice(end, end + context);
    const to = wholeCharacter(text, end + (window.includes('\n') ? window.indexOf('\n') : window.length));
    return { source, phrase, start, end, line, before: text.slice(from, start), match: text.slice(start, end), after: text.slice(end, to) };
  });
}

/** Moves an offset off the middle of a surrogate pair. */
function wholeCharacter(text: string, offset: number): number {
  const code = text.charCodeAt(offset);
  return code >= 0xdc00 && code <= 0xdfff && offset > 0 ? offset - 1 : offset;
}
