/**
 * The checks that keep `password = …` and `token: …` findings to real values: gitleaks'
 * `generic-api-key` (v8.30.1) allowlists, narrowed to what ordinary code says around those words.
 */

/** Shannon entropy in bits per character, as gitleaks computes it (over UTF-16 units here, the same for ASCII). */
export function shannonEntropy(value: string): number {
  const counts = new Map<number, number>();
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let entropy = 0;
  for (const count of counts.values()) {
    const share = count / value.length;
    entropy -= share * Math.log2(share);
  }
  return entropy;
}

/**
 * Values that are not credentials whatever name they stand under: words (gitleaks'
 * `^[a-zA-Z_.-]+$`), numbers, masks, variables and templates, and the placeholders of examples.
 */
export function isPlaceholderValue(value: string): boolean {
  return (
    /^(?:[a-zA-Z_.-]+|[\d.:-]+|[*x•.#_-]+|true|false|null|none|undefined)$/i.test(value) ||
    /\$\{|\{\{|\$\(|^\$[A-Za-z_]|^%[A-Za-z_]+%$|<[^>]*>|\*{3}|x{4}|changeme|change_me|example|placeholder|dummy|redacted|your[_-]|^my[_-]/i.test(
      value,
    )
  );
}

const NAME = '[A-Za-z_$][\\w$]*';
/**
 * Code, not a value: a member, a call, an index, a type, a regular expression or an operator after
 * a name (`process.env.TOKEN`, `e.tokens.length-1`, `getSecret(`, `args[0]`, `token!.trim`,
 * `ReturnType<…>`, `(x) =>`, `/^pass/`, `a&&b`). A bare name is not taken for code, since the values
 * of a .env file are bare words.
 */
const EXPRESSION = new RegExp(`^(?:[([{</]|${NAME}(?:\\??\\.${NAME})+(?:[^\\w$.]|$)|${NAME}(?:[([<]|[!?]\\.|&&|\\|\\||\\?\\?|[!=]=))`);

/** The last word of a name, split at separators and camel case: `passwordMinLength` → `length`. */
function lastWord(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word.length > 0);
  return (words[words.length - 1] ?? '').toLowerCase();
}

/** Names around the keyword that say the value is about the secret, not the secret (gitleaks' generic allowlist, in words). */
const DESCRIBING_SUFFIX = new Set(
  (
    'length len size count min max limit name names id ids type types field label prompt placeholder hint policy pattern ' +
    'regex re file path url uri endpoint header expiry expires expiration ttl timeout required input mode strength valid ' +
    'validation rule rules format version index prefix suffix char chars env var variable ref store storetype alias hash'
  ).split(' '),
);
const DESCRIBING_PREFIX = new Set(
  'csrf xsrf public page next continuation cancellation sync max min num total input output completion prompt cache'.split(' '),
);

export interface AssignmentParts {
  readonly keyword: string;
  readonly keywordStart: number;
  readonly suffix: string;
  readonly quoted: boolean;
  readonly secret: string;
}

/**
 * Whether an assignment's value is reported, and as which kind; the name must hold the keyword as a
 * word of its own (`userPassword`, `DB_PASSWORD`, not `tokenizer` or `monkeysecret`).
 * Returns the name's start (up to 40 name characters before the keyword) and the value's length,
 * cut at the first character that ends an unquoted value.
 */
export function checkAssignment(
  text: string,
  parts: AssignmentParts,
): { kind: 'password-assignment' | 'secret-assignment'; nameStart: number; secretLength: number } | undefined {
  const { keyword, keywordStart, suffix } = parts;
  const password = /^pass/i.test(keyword);
  const value = parts.quoted ? parts.secret : (/^[^,;&)\]}]*/.exec(parts.secret)?.[0] ?? '');
  // Credentials are printable ASCII; anything else there is prose, as in a translated message.
  if (value.length < (password ? 6 : 10) || !/^[\x21-\x7e]+$/.test(value) || (!parts.quoted && EXPRESSION.test(value))) {
    return undefined;
  }
  const before = text.charAt(keywordStart - 1);
  const camelBefore = /[a-z0-9]/.test(before) && /^[A-Z]/.test(keyword);
  const camelAfter = /^[A-Z]/.test(suffix) && /[a-z]$/.test(keyword);
  if ((/[A-Za-z0-9]/.test(before) && !camelBefore) || (suffix !== '' && !/^[_.-]/.test(suffix) && !camelAfter)) {
    return undefined;
  }
  if (isPlaceholderValue(value) || shannonEntropy(value) < (password ? 2 : 3)) {
    return undefined;
  }
  let nameStart = keywordStart;
  while (nameStart > 0 && keywordStart - nameStart < 40 && /[\w.-]/.test(text.charAt(nameStart - 1))) {
    nameStart--;
  }
  if (DESCRIBING_SUFFIX.has(lastWord(suffix)) || DESCRIBING_PREFIX.has(lastWord(text.slice(nameStart, keywordStart)))) {
    return undefined;
  }
  return { kind: password ? 'password-assignment' : 'secret-assignment', nameStart, secretLength: value.length };
}
