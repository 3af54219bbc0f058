/** The one-line pieces of the YAML subset `yamlSubset.ts` reads: keys, quoted and plain scalars, flow sequences. */

export type YamlProblem =
  | 'tab'
  | 'indentation'
  | 'notAKey'
  | 'duplicateKey'
  | 'alias'
  | 'anchor'
  | 'tag'
  | 'flowMapping'
  | 'nested'
  | 'unclosedQuote'
  | 'badEscape'
  | 'unclosedSequence'
  | 'blockScalar'
  | 'syntax';

/** A scalar YAML reads as a number or a date, kept as written: no key these files use takes one. */
export interface NonTextScalar {
  readonly nonText: string;
}
export type YamlScalar = string | boolean | null | NonTextScalar;

export type Inline = { readonly value: YamlScalar; readonly text: string; readonly quoted: boolean } | YamlProblem;

/** A `key:` at the start of a line (plain or quoted), and what follows its colon. */
export function readKey(line: string): { key: string; rest: string } | undefined {
  if (line.startsWith('"') || line.startsWith("'")) {
    const quoted = readQuoted(line);
    if (quoted === undefined || typeof quoted === 'string') {
      return undefined;
    }
    const colon = /^\s*:(?:\s|$)/.exec(line.slice(quoted.end));
    return colon === null ? undefined : { key: quoted.text, rest: line.slice(quoted.end + colon[0].length) };
  }
  const colon = /:(?:\s|$)/.exec(line);
  const key = colon === null ? '' : line.slice(0, colon.index).trimEnd();
  if (colon === null || key === '' || /^[-?:,[\]{}#&*!|>'"%@`]/.test(key) || /\s#/.test(key)) {
    return undefined;
  }
  return { key, rest: line.slice(colon.index + 1) };
}

/** One scalar and what may follow it on its line (a comment); in a flow sequence it ends at `,` or `]`. */
export function readInlineScalar(text: string, inFlow: boolean): Inline {
  const c = text[0] ?? '';
  if (c === '"' || c === "'") {
    const quoted = readQuoted(text);
    if (quoted === undefined || typeof quoted === 'string') {
      return quoted ?? 'unclosedQuote';
    }
    const after = text.slice(quoted.end);
    return after.trim() === '' || /^\s+#/.test(after) ? { value: quoted.text, text: quoted.text, quoted: true } : 'syntax';
  }
  const indicator: Record<string, YamlProblem> = {
    '*': 'alias',
    '&': 'anchor',
    '!': 'tag',
    '{': 'flowMapping',
    '[': 'nested',
    '#': 'syntax',
  };
  const problem = indicator[c] ?? (/^[@`%|>]/.test(c) || /^[-?:](?:\s|$)/.test(text) ? 'syntax' : undefined);
  if (problem !== undefined) {
    return problem;
  }
  const comment = /\s#/.exec(text);
  const value = (comment === null ? text : text.slice(0, comment.index)).trim();
  if (/:(?:\s|$)/.test(value) || (inFlow && /[[\]{},]/.test(value))) {
    return 'syntax';
  }
  return { value: resolvePlain(value), text: value, quoted: false };
}

/** A quoted scalar at the start of `text`: its value and where it ends, or a problem. */
export function readQuoted(text: string): { text: string; end: number } | YamlProblem | undefined {
  const quote = text[0];
  let value = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i] ?? '';
    if (quote === "'" && c === "'") {
      if (text[i + 1] !== "'") {
        return { text: value, end: i + 1 };
      }
      value += "'";
      i++;
    } else if (quote === '"' && c === '"') {
      return { text: value, end: i + 1 };
    } else if (quote === '"' && c === '\\') {
      const escape = readEscape(text, i + 1);
      if (escape === undefined) {
        return 'badEscape';
      }
      value += escape.text;
      i = escape.end - 1;
    } else {
      value += c;
    }
  }
  return undefined;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_ESCAPES: Record<string, number> = { x: 2, u: 4, U: 8 };

function readEscape(text: string, at: number): { text: string; end: number } | undefined {
  const c = text[at] ?? '';
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) {
    return { text: simple, end: at + 1 };
  }
  const digits = HEX_ESCAPES[c];
  const hex = digits === undefined ? '' : text.slice(at + 1, at + 1 + digits);
  if (digits === undefined || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) {
    return undefined;
  }
  const code = parseInt(hex, 16);
  return code > 0x10ffff ? undefined : { text: String.fromCodePoint(code), end: at + 1 + digits };
}

/** The items of a flow sequence, `[a, "b"]`, that `text` holds whole. */
export function parseFlowSequence(text: string): readonly YamlScalar[] | YamlProblem {
  const items: YamlScalar[] = [];
  let rest = text.slice(1).trimStart();
  while (!rest.startsWith(']')) {
    const end = rest.startsWith('"') || rest.startsWith("'") ? quotedEnd(rest) : (/[,\]]/.exec(rest)?.index ?? -1);
    const item = end <= 0 ? 'syntax' : readInlineScalar(rest.slice(0, end).trim(), true);
    if (typeof item === 'string') {
      return item;
    }
    items.push(item.value);
    rest = rest.slice(end).trimStart();
    if (rest.startsWith(',')) {
      rest = rest.slice(1).trimStart();
    } else if (!rest.startsWith(']')) {
      return 'syntax';
    }
  }
  const after = rest.slice(1);
  return after.trim() === '' || /^\s+#/.test(after) ? items : 'syntax';
}

function quotedEnd(text: string): number {
  const quoted = readQuoted(text);
  return quoted === undefined || typeof quoted === 'string' ? -1 : quoted.end;
}

/** Whether the `[` opening `text` is closed, quotes and comments considered. */
export function flowClosed(text: string): boolean {
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== '') {
      quote = c === quote && !(quote === '"' && text[i - 1] === '\\') ? '' : quote;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ']') {
      return true;
    }
  }
  return false;
}

const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);
const BOOLEANS: Record<string, boolean> = { true: true, True: true, TRUE: true, false: false, False: false, FALSE: false };
const NON_TEXT = [
  /^[-+]?(?:[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/,
  /^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/,
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|\s+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:\s*(?:Z|[-+][0-9]{1,2}(?::?[0-9]{2})?))?)?$/,
];

export function resolvePlain(text: string): YamlScalar {
  if (NULLS.has(text)) {
    return null;
  }
  const boolean = BOOLEANS[text];
  if (boolean !== undefined) {
    return boolean;
  }
  return NON_TEXT.some((pattern) => pattern.test(text)) ? { nonText: text } : text;
}
