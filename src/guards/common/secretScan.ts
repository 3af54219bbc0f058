import { checkAssignment, isPlaceholderValue, shannonEntropy } from './secretAssignment';
import { ruleMatches } from './secretMatches';
import { SECRET_RULES, type SecretKind, type SecretRule } from './secretPatterns';

export type { SecretKind } from './secretPatterns';

/** Something in a text that looks like a credential. */
export interface SecretFinding {
  readonly kind: SecretKind;
  /** UTF-16 offsets of the credential itself (not the name it is assigned to), end exclusive. */
  readonly start: number;
  readonly end: number;
  /**
   * What the user is shown: the name it stands under or its public prefix, and never more than
   * its last three characters (only for credentials of 20 characters or more), e.g. `ghp_…x7Q`,
   * `DB_PASSWORD=…`, `Authorization: Bearer …`, `-----BEGIN RSA PRIVATE KEY-----…`.
   */
  readonly preview: string;
}

export const REDACTED = '[redacted]';

/** The most characters a private key's body is read for. */
const KEY_BODY_LIMIT = 16_384;

/** The credentials in a text, in order; where two rules find overlapping text, the more specific one's finding is kept. */
export function findSecrets(text: string): SecretFinding[] {
  const taken = new Uint8Array(text.length);
  const findings: SecretFinding[] = [];
  const present = keywordsIn(text);
  for (const rule of SECRET_RULES) {
    if (!rule.keywords.some((keyword) => present.has(keyword))) {
      continue;
    }
    for (const match of ruleMatches(text, rule)) {
      const finding = findingOf(text, rule, match);
      if (finding !== undefined && isFree(taken, finding.start, finding.end)) {
        taken.fill(1, finding.start, finding.end);
        findings.push(finding);
      }
    }
  }
  return findings.sort((a, b) => a.start - b.start);
}

/** The text with the chosen findings (by their index in `findings`) replaced by `[redacted]`. */
export function redact(text: string, findings: readonly SecretFinding[], chosen: ReadonlySet<number>): string {
  const replaced = findings.filter((_, index) => chosen.has(index)).sort((a, b) => a.start - b.start);
  let result = '';
  let from = 0;
  for (const finding of replaced) {
    if (finding.start >= from) {
      result += text.slice(from, finding.start) + REDACTED;
      from = finding.end;
    }
  }
  return result + text.slice(from);
}

const ALL_KEYWORDS = [...new Set(SECRET_RULES.flatMap((rule) => rule.keywords))];
const KEYWORDS = new RegExp(ALL_KEYWORDS.map((keyword) => keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');

/** The rules' keywords the text holds, found in one pass (one search per keyword took longer than most patterns). */
function keywordsIn(text: string): Set<string> {
  const present = new Set<string>();
  KEYWORDS.lastIndex = 0;
  for (let match = KEYWORDS.exec(text); match !== null && present.size < ALL_KEYWORDS.length; match = KEYWORDS.exec(text)) {
    present.add(match[0].toLowerCase());
  }
  return present;
}

function findingOf(text: string, rule: SecretRule, match: RegExpExecArray): SecretFinding | undefined {
  const groups = match.groups ?? {};
  const secret = groups['secret'] ?? match[0];
  const end = match.index + match[0].length - (groups['quote']?.length ?? 0);
  const start = end - secret.length;
  if ((rule.entropy !== undefined && shannonEntropy(secret) < rule.entropy) || rule.allow?.test(secret) === true) {
    return undefined;
  }
  const name = groups['name'] ?? '';
  switch (rule.check) {
    case 'private-key-body':
      return privateKey(text, start, end);
    case 'assignment':
      return assignment(text, match, start, secret);
    case 'value':
      return isPlaceholderValue(secret) ? undefined : finding(rule.kind, start, end, name, '');
    default:
      return finding(rule.kind, start, end, name, rule.prefix?.exec(secret)?.[0] ?? '', secret);
  }
}

function assignment(text: string, match: RegExpExecArray, start: number, secret: string): SecretFinding | undefined {
  const checked = checkAssignment(text, {
    keyword: match.groups?.['keyword'] ?? '',
    keywordStart: match.index,
    suffix: match.groups?.['suffix'] ?? '',
    quoted: (match.groups?.['quote'] ?? '') !== '',
    secret,
  });
  if (checked === undefined) {
    return undefined;
  }
  const name = text.slice(checked.nameStart, start).replace(/["'`\s]+$/, '');
  return finding(checked.kind, start, start + checked.secretLength, name, '');
}

/**
 * A private key block: the header, then lines of base64 (with `Proc-Type:`-style headers and blank
 * lines among them), to the END line or the last base64 line when there is none (a key cut short
 * still leaks). Lines end in a newline or in an escaped `\n`, as in the `private_key` of a JSON
 * service account file. Fewer than 64 characters of base64 is an example, not a key.
 */
function privateKey(text: string, start: number, headerEnd: number): SecretFinding | undefined {
  const line = /(?:\r?\n|\\r\\n|\\n)[ \t]*([^\r\n\\]*)/y;
  line.lastIndex = headerEnd;
  let end = headerEnd;
  let body = 0;
  for (let match = line.exec(text); match !== null && line.lastIndex - headerEnd <= KEY_BODY_LIMIT; match = line.exec(text)) {
    const content = (match[1] ?? '').trimEnd();
    const contentStart = line.lastIndex - (match[1] ?? '').length;
    const endLine = /^-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/i.exec(content);
    if (endLine !== null) {
      end = contentStart + endLine[0].length;
      break;
    }
    if (/^[A-Za-z0-9+/=]+$/.test(content)) {
      body += content.length;
      end = contentStart + content.length;
    } else if (content !== '' && !/^[\w-]+:\s/.test(content)) {
      break;
    }
  }
  return body < 64 ? undefined : finding('private-key', start, end, text.slice(start, headerEnd), '');
}

function finding(kind: SecretKind, start: number, end: number, name: string, prefix: string, secret = ''): SecretFinding {
  const tail = secret.length >= 20 ? secret.slice(-3) : '';
  const masked = `${prefix}…${tail}`;
  return { kind, start, end, preview: name === '' ? masked : `${name}${/[\p{L}\p{N}]$/u.test(name) ? ' ' : ''}${masked}` };
}

function isFree(taken: Uint8Array, start: number, end: number): boolean {
  return end > start && !taken.subarray(start, end).includes(1);
}
