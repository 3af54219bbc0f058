/**
 * The credential patterns of the secret guard, in one table.
 *
 * Taken from two maintained sets, as neither library can run here (secretlint's recommended preset
 * needs Node's `crypto` and `path`, works asynchronously and adds 329 KB minified; gitleaks is Go):
 * - gitleaks v8.30.1, `config/gitleaks.toml` (https://github.com/gitleaks/gitleaks, 2026-03-12): the
 *   rule ids are named in `source`, with their `entropy` thresholds and example allowlists;
 * - secretlint 10.2.2, `@secretlint/secretlint-rule-preset-recommend` (the AWS secret key
 *   assignment, the npmrc `_authToken` and the basic-auth URL rules).
 *
 * Changes, for JavaScript's backtracking engine (gitleaks runs on RE2) and for redaction: every
 * quantifier is bounded and a pattern that could start inside a run of its own characters starts at
 * a word boundary, so no input makes one slow; gitleaks' closing `(?:[\x60'"\s;]|\\[nr]|$)` became
 * a look-ahead for a character that cannot continue the token, so a key before `,` `)` or `&` is
 * found too. A private key needs 64 characters of body, read in `secretScan.ts`; `password=` and
 * `secret:` assignments are `generic-api-key` narrowed, with its allowlists, in `secretAssignment.ts`.
 */

export type SecretKind =
  | 'private-key'
  | 'aws-access-key'
  | 'aws-secret-key'
  | 'github-token'
  | 'gitlab-token'
  | 'slack-token'
  | 'slack-webhook'
  | 'stripe-key'
  | 'google-api-key'
  | 'openai-key'
  | 'anthropic-key'
  | 'huggingface-token'
  | 'npm-token'
  | 'jwt'
  | 'authorization-header'
  | 'url-password'
  | 'password-assignment'
  | 'secret-assignment';

export interface SecretRule {
  readonly kind: SecretKind;
  /** The rule it comes from: a gitleaks id, or `secretlint:` and the rule's name. */
  readonly source: string;
  /**
   * Flag `g` (and `i` where the source ignores case). The group `secret` is the credential, the
   * whole match when there is none, and ends the match (but for a closing `quote` group); the group
   * `name`, shown in the preview, starts it. Offsets come from that, as `d` makes matching slower.
   */
  readonly pattern: RegExp;
  /** The least Shannon entropy (bits per character) the credential must have: placeholders like `ghp_xxxx…` have little. */
  readonly entropy?: number;
  /** The credential's public prefix, shown in the preview (`ghp_`, `sk_live_`…). */
  readonly prefix?: RegExp;
  /** Documentation examples, which are not credentials. */
  readonly allow?: RegExp;
  /** Lowercase words one of which the text must hold for the pattern to run (gitleaks' `keywords`): most texts skip most patterns. */
  readonly keywords: readonly string[];
  /** A literal whose first occurrence from a match's start is `min` to `max` characters on: the pattern runs only there (`secretMatches.ts`). */
  readonly anchor?: { readonly literal: string; readonly min: number; readonly max: number };
  /** How the match is checked further: a private key's body, or an assignment's name and value. */
  readonly check?: 'private-key-body' | 'assignment' | 'value';
}

/** Most specific first: where two findings overlap, the earlier rule's is kept. */
export const SECRET_RULES: readonly SecretRule[] = [
  {
    kind: 'private-key',
    source: 'private-key',
    keywords: ['-----begin'],
    pattern: /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/gi,
    check: 'private-key-body',
  },
  {
    kind: 'aws-access-key',
    source: 'aws-access-token',
    keywords: ['a3t', 'akia', 'asia', 'abia', 'acca'],
    pattern: /\b(?<secret>(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b/g,
    entropy: 3,
    prefix: /^[A-Z0-9]{4}/,
    allow: /EXAMPLE$/,
  },
  {
    kind: 'aws-secret-key',
    source: 'secretlint:aws (AWSSecretAccessKey)',
    keywords: ['secret'],
    pattern:
      /(?<name>(?:AWS|aws|Aws)?_?(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)["']?[ \t]{0,5}(?::|=>|=))[ \t]{0,5}["']?(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/g,
    allow: /EXAMPLEKEY$/,
  },
  {
    kind: 'github-token',
    source: 'github-pat, github-oauth, github-app-token, github-refresh-token, github-fine-grained-pat',
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    pattern: /\b(?:gh[pousr]_[0-9a-zA-Z]{36}|github_pat_\w{82})/g,
    entropy: 3,
    prefix: /^(?:gh._|github_pat_)/,
  },
  {
    kind: 'gitlab-token',
    source: 'gitlab-pat, gitlab-pat-routable',
    keywords: ['glpat-'],
    pattern: /\bglpat-[\w-]{20,300}(?:\.[0-9a-z]{9})?(?![\w-])/g,
    entropy: 3,
    prefix: /^glpat-/,
  },
  {
    kind: 'slack-token',
    source: 'slack-bot-token (entropy 3), slack-legacy-bot-token (entropy 2)',
    keywords: ['xoxb'],
    pattern: /\bxoxb-(?:[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]{0,100}|[0-9]{8,14}-[a-zA-Z0-9]{18,26})/g,
    entropy: 2,
    prefix: /^xox.-/,
  },
  {
    kind: 'slack-token',
    source: 'slack-user-token',
    keywords: ['xoxp-', 'xoxe-'],
    pattern: /\bxox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}/g,
    entropy: 2,
    prefix: /^xox.-/,
  },
  {
    kind: 'slack-token',
    source: 'slack-app-token',
    keywords: ['xapp'],
    pattern: /\bxapp-\d-[A-Z0-9]{1,40}-\d{1,20}-[a-z0-9]{1,100}/gi,
    entropy: 2,
    prefix: /^xapp-/,
  },
  {
    kind: 'slack-token',
    source: 'slack-config-access-token',
    keywords: ['xoxe.xoxb-', 'xoxe.xoxp-'],
    pattern: /\bxoxe.xox[bp]-\d-[A-Z0-9]{163,166}/gi,
    entropy: 2,
    prefix: /^xoxe/,
  },
  {
    kind: 'slack-token',
    source: 'slack-legacy-token',
    keywords: ['xoxo', 'xoxs'],
    pattern: /\bxox[os]-\d{1,20}-\d{1,20}-\d{1,20}-[a-fA-F\d]{1,100}/g,
    entropy: 2,
    prefix: /^xox.-/,
  },
  {
    kind: 'slack-token',
    source: 'slack-legacy-workspace-token',
    keywords: ['xoxa', 'xoxr'],
    pattern: /\bxox[ar]-(?:\d-)?[0-9a-zA-Z]{8,48}/g,
    entropy: 2,
    prefix: /^xox.-/,
  },
  {
    kind: 'slack-webhook',
    source: 'slack-webhook-url',
    keywords: ['hooks.slack.com'],
    pattern: /(?:\bhttps?:\/\/)?\bhooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{43,56}/g,
    prefix: /^(?:https?:\/\/)?hooks\.slack\.com\/\w+\//,
  },
  {
    kind: 'stripe-key',
    source: 'stripe-access-token',
    keywords: ['sk_test', 'sk_live', 'sk_prod', 'rk_test', 'rk_live', 'rk_prod'],
    pattern: /\b(?:sk|rk)_(?:test|live|prod)_[a-zA-Z0-9]{10,99}(?![a-zA-Z0-9])/g,
    entropy: 2,
    prefix: /^.._[a-z]+_/,
  },
  {
    kind: 'google-api-key',
    source: 'gcp-api-key',
    keywords: ['aiza'],
    pattern: /\bAIza[\w-]{35}(?![\w-])/g,
    entropy: 4,
    prefix: /^AIza/,
    allow: /^(?:AIzaSyabcdefghijklmnopqrstuvwxyz1234567|AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs)$/,
  },
  {
    kind: 'openai-key',
    source: 'openai-api-key',
    keywords: ['t3blbkfj'],
    pattern:
      /\bsk-(?:(?:proj|svcacct|admin)-(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})T3BlbkFJ(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})|[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20})(?![\w-])/g,
    entropy: 3,
    prefix: /^sk-(?:[a-z]+-)?/,
  },
  {
    kind: 'anthropic-key',
    source: 'anthropic-api-key, anthropic-admin-api-key',
    keywords: ['sk-ant-api03', 'sk-ant-admin01'],
    pattern: /\bsk-ant-(?:api03|admin01)-[a-zA-Z0-9_-]{93}AA(?![\w-])/g,
    prefix: /^sk-ant-\w+-/,
  },
  {
    kind: 'huggingface-token',
    source: 'huggingface-access-token',
    keywords: ['hf_'],
    pattern: /\bhf_[a-zA-Z]{34}(?![a-zA-Z])/g,
    entropy: 2,
    prefix: /^hf_/,
  },
  {
    kind: 'npm-token',
    source: 'npm-access-token',
    keywords: ['npm_'],
    pattern: /\bnpm_[a-zA-Z0-9]{36}(?![a-zA-Z0-9])/g,
    entropy: 2,
    prefix: /^npm_/,
  },
  {
    kind: 'npm-token',
    source: 'secretlint:npm (npmrc _authToken)',
    keywords: ['_auth'],
    pattern: /(?<name>_auth(?:Token)?[ \t]{0,5}=)[ \t]{0,5}(?<secret>[^\s'"]{8,500})/g,
    check: 'value',
  },
  {
    kind: 'jwt',
    source: 'jwt',
    keywords: ['ey'],
    pattern: /\bey[a-zA-Z0-9]{17,4000}\.ey[a-zA-Z0-9/\\_-]{17,8000}\.(?:[a-zA-Z0-9/\\_-]{10,4000}={0,2})?(?![a-zA-Z0-9/\\_=-])/g,
    entropy: 3,
    prefix: /^ey/,
  },
  {
    kind: 'authorization-header',
    source: 'curl-auth-header, outside curl too',
    keywords: ['authorization'],
    pattern: /(?<name>\bAuthorization["']?[ \t]{0,5}[:=][ \t]{0,5}["']?(?:Bearer|Token|Basic))[ \t]{1,5}(?<secret>[\w=~@.+/-]{8,1000})/gi,
    entropy: 2.75,
    check: 'value',
  },
  {
    kind: 'url-password',
    source: 'secretlint:basicauth, any scheme',
    keywords: ['://'],
    pattern: /(?<name>\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:@/"'<>]{0,256}:)(?<secret>[^\s@/"'<>]{1,256})(?=@)/gi,
    // The scheme, 2 to 21 characters without a colon, stands right before the first `://`.
    anchor: { literal: '://', min: 2, max: 21 },
    check: 'value',
  },
  {
    kind: 'secret-assignment',
    source: 'generic-api-key, narrowed',
    keywords: ['pass', 'secret', 'token', 'key'],
    pattern:
      /(?<keyword>passw(?:or)?d|passphrase|secret|token|api[_.-]?key|(?:access|account|auth|client|encryption|master|private|signing)[_.-]?key)(?<suffix>[\w.-]{0,30}?)["']?[ \t]{0,3}(?::=|=>|[:=])(?!=)[ \t]{0,3}(?<quote>["'`]?)(?<secret>[^\s"'`]{1,200})\k<quote>/gi,
    check: 'assignment',
  },
];
