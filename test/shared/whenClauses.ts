/**
 * Whether two keybinding `when` clauses can hold at the same time, for the test that Cluster Chat's
 * default keybindings collide with none of VS Code's. A clause is turned into a disjunction of
 * conjunctions of conditions; two clauses overlap unless every pair of conjunctions contradicts
 * itself on some context key. Conditions this cannot reason about (regular expressions,
 * comparisons, `in`) never contradict anything, so the answer errs towards "overlaps".
 */

/** One condition on a context key: `key`, `!key`, `key == value`, `key != value`, or one it cannot judge. */
export type Condition =
  | { readonly kind: 'truthy' | 'falsy'; readonly key: string }
  | { readonly kind: 'equals' | 'notEquals'; readonly key: string; readonly value: string }
  | { readonly kind: 'opaque'; readonly text: string; readonly negated: boolean }
  | { readonly kind: 'constant'; readonly value: boolean };

export type Conjunction = readonly Condition[];

type Node =
  | { readonly type: 'and' | 'or'; readonly left: Node; readonly right: Node }
  | { readonly type: 'not'; readonly operand: Node }
  | { readonly type: 'condition'; readonly condition: Condition };

const TOKEN = /\s*(&&|\|\||!==|===|!=|==|=~|<=|>=|<|>|!|\(|\)|'[^']*'|"[^"]*"|\/(?:\\.|[^/\\])*\/[a-z]*|[^\s!&|()=<>~'"]+)/y;

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    if (/^\s*$/.test(source.slice(TOKEN.lastIndex))) {
      break;
    }
    const match = TOKEN.exec(source);
    if (!match?.[1]) {
      throw new Error(`cannot read the when clause “${source}” at ${TOKEN.lastIndex}`);
    }
    tokens.push(match[1]);
  }
  return tokens;
}

const unquote = (value: string): string => (/^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value);

class Parser {
  private position = 0;
  constructor(private readonly tokens: readonly string[]) {}

  parse(): Node {
    const node = this.or();
    if (this.position < this.tokens.length) {
      throw new Error(`unexpected “${this.tokens[this.position]}” in “${this.tokens.join(' ')}”`);
    }
    return node;
  }

  private peek(): string | undefined {
    return this.tokens[this.position];
  }

  private next(): string {
    const token = this.tokens[this.position++];
    if (token === undefined) {
      throw new Error(`the when clause “${this.tokens.join(' ')}” ends early`);
    }
    return token;
  }

  /** `||` binds looser than `&&`: an "or" of "and"s of unary terms. */
  private or(): Node {
    return this.binary('||', 'or', () => this.binary('&&', 'and', () => this.unary()));
  }

  private binary(operator: string, type: 'and' | 'or', operand: () => Node): Node {
    let node = operand();
    while (this.peek() === operator) {
      this.position++;
      node = { type, left: node, right: operand() };
    }
    return node;
  }

  private unary(): Node {
    if (this.peek() === '!') {
      this.position++;
      return { type: 'not', operand: this.unary() };
    }
    if (this.peek() === '(') {
      this.position++;
      const inner = this.or();
      if (this.next() !== ')') {
        throw new Error(`a “(” without its “)” in “${this.tokens.join(' ')}”`);
      }
      return inner;
    }
    return this.comparison();
  }

  private comparison(): Node {
    const key = this.next();
    const operator = this.peek();
    if (operator === '==' || operator === '===' || operator === '!=' || operator === '!==') {
      this.position++;
      const value = unquote(this.next());
      const kind = operator.startsWith('!') ? 'notEquals' : 'equals';
      return { type: 'condition', condition: { kind, key, value } };
    }
    if (operator !== undefined && ['=~', '<', '>', '<=', '>=', 'in', 'not'].includes(operator)) {
      this.position++;
      if (operator === 'not') {
        this.next(); // `not in`
      }
      const value = this.next();
      return { type: 'condition', condition: { kind: 'opaque', text: `${key} ${operator} ${value}`, negated: false } };
    }
    if (key === 'true' || key === 'false') {
      return { type: 'condition', condition: { kind: 'constant', value: key === 'true' } };
    }
    return { type: 'condition', condition: { kind: 'truthy', key } };
  }
}

function negate(condition: Condition): Condition {
  switch (condition.kind) {
    case 'truthy':
      return { kind: 'falsy', key: condition.key };
    case 'falsy':
      return { kind: 'truthy', key: condition.key };
    case 'equals':
      return { ...condition, kind: 'notEquals' };
    case 'notEquals':
      return { ...condition, kind: 'equals' };
    case 'opaque':
      return { ...condition, negated: !condition.negated };
    case 'constant':
      return { kind: 'constant', value: !condition.value };
  }
}

function toDisjunction(node: Node, negated = false): Conjunction[] {
  switch (node.type) {
    case 'condition':
      return [[negated ? negate(node.condition) : node.condition]];
    case 'not':
      return toDisjunction(node.operand, !negated);
    case 'and':
    case 'or': {
      const left = toDisjunction(node.left, negated);
      const right = toDisjunction(node.right, negated);
      // De Morgan: a negated "and" is an "or" of the negations, and the other way round.
      const isAnd = (node.type === 'and') !== negated;
      return isAnd ? left.flatMap((a) => right.map((b) => [...a, ...b])) : [...left, ...right];
    }
  }
}

/** A clause as conjunctions any one of which makes it hold; no clause holds always (`[[]]`). */
export function parseWhen(when: string | undefined): Conjunction[] {
  if (when === undefined || when.trim().length === 0) {
    return [[]];
  }
  // A conjunction with `false` in it never holds; `true` adds nothing to one.
  return toDisjunction(new Parser(tokenize(when)).parse())
    .filter((conjunction) => !conjunction.some((condition) => condition.kind === 'constant' && !condition.value))
    .map((conjunction) => conjunction.filter((condition) => condition.kind !== 'constant'));
}

/** Context keys that say where the keyboard focus is: only one of them can be true at a time. */
const EXCLUSIVE_FOCUS_KEYS: ReadonlySet<string> = new Set(['editorTextFocus', 'terminalFocus']);

function contradicts(a: Condition, b: Condition): boolean {
  if (a.kind === 'constant' || b.kind === 'constant') {
    return false;
  }
  if (a.kind === 'opaque' || b.kind === 'opaque') {
    return a.kind === 'opaque' && b.kind === 'opaque' && a.text === b.text && a.negated !== b.negated;
  }
  if (a.key !== b.key) {
    return a.kind === 'truthy' && b.kind === 'truthy' && EXCLUSIVE_FOCUS_KEYS.has(a.key) && EXCLUSIVE_FOCUS_KEYS.has(b.key);
  }
  const pair = `${a.kind}/${b.kind}`;
  const valueOf = (condition: Condition): string | undefined =>
    condition.kind === 'equals' || condition.kind === 'notEquals' ? condition.value : undefined;
  switch (pair) {
    case 'truthy/falsy':
    case 'falsy/truthy':
      return true;
    case 'equals/equals':
      return valueOf(a) !== valueOf(b);
    case 'equals/notEquals':
    case 'notEquals/equals':
      return valueOf(a) === valueOf(b);
    case 'equals/falsy':
    case 'falsy/equals': {
      // A key equal to a non-empty string other than "false" is truthy.
      const value = valueOf(a.kind === 'equals' ? a : b) ?? '';
      return value !== '' && value !== 'false';
    }
    default:
      return false;
  }
}

function conjunctionsOverlap(a: Conjunction, b: Conjunction): boolean {
  return !a.some((x) => b.some((y) => contradicts(x, y)));
}

/** Whether some context satisfies both clauses, as far as their conditions show. */
export function whenClausesOverlap(a: string | undefined, b: string | undefined): boolean {
  const left = parseWhen(a);
  const right = parseWhen(b);
  return left.some((x) => right.some((y) => conjunctionsOverlap(x, y)));
}
