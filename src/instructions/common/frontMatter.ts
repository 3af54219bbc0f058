/**
 * Front matter of instruction and prompt files: the `---` block at the top and the keys the peers
 * give meaning to. A key whose value cannot be read is an error with its line, and its value is
 * left out, so a caller never acts on a guess; keys no one reads may hold any YAML.
 */
import { splitGlobList } from './glob';
import { parseYamlMapping, type YamlProblem, type YamlValue } from './yamlSubset';

export interface FrontMatter {
  /** Copilot's `.instructions.md`: the files it applies to. */
  readonly applyTo?: readonly string[];
  /** Continue's rules. */
  readonly globs?: readonly string[];
  readonly alwaysApply?: boolean;
  /** Cline's conditional rules. */
  readonly paths?: readonly string[];
  readonly description?: string;
  readonly argumentHint?: string;
  /** Continue's prompts: only these are slash commands. */
  readonly invokable?: boolean;
  readonly name?: string;
}

/** What could not be read: YAML outside the subset, or a key's value of the wrong kind. */
export type FrontMatterProblem = YamlProblem | 'unclosed' | 'notText' | 'notBoolean' | 'notGlobs';

export interface FrontMatterError {
  /** 1-based line in the file. */
  readonly line: number;
  readonly problem: FrontMatterProblem;
  readonly key?: string;
}

export interface ParsedMarkdown {
  readonly frontMatter: FrontMatter;
  /** The text after the front matter (all of it when there is none). */
  readonly body: string;
  readonly hasFrontMatter: boolean;
  readonly errors: readonly FrontMatterError[];
}

type Fields = { -readonly [K in keyof FrontMatter]: FrontMatter[K] };
const TEXT_KEYS: Readonly<Record<string, 'description' | 'argumentHint' | 'name'>> = {
  description: 'description',
  'argument-hint': 'argumentHint',
  name: 'name',
};
const BOOLEAN_KEYS: Readonly<Record<string, 'alwaysApply' | 'invokable'>> = { alwaysApply: 'alwaysApply', invokable: 'invokable' };
const GLOB_KEYS: Readonly<Record<string, 'applyTo' | 'globs' | 'paths'>> = { applyTo: 'applyTo', globs: 'globs', paths: 'paths' };
const READ_KEYS: ReadonlySet<string> = new Set([...Object.keys(TEXT_KEYS), ...Object.keys(BOOLEAN_KEYS), ...Object.keys(GLOB_KEYS)]);

const FENCE = /^---[ \t]*$/;

/** Splits the front matter from the body and reads the keys of `FrontMatter`. */
export function parseFrontMatter(text: string): ParsedMarkdown {
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = withoutBom.split('\n');
  if (!FENCE.test(stripCr(lines[0] ?? ''))) {
    return { frontMatter: {}, body: withoutBom, hasFrontMatter: false, errors: [] };
  }
  const close = lines.findIndex((line, k) => k > 0 && FENCE.test(stripCr(line)));
  if (close === -1) {
    // A markdown file may open with a thematic break; say so rather than read the file as YAML.
    return { frontMatter: {}, body: withoutBom, hasFrontMatter: false, errors: [{ line: 1, problem: 'unclosed' }] };
  }
  const yaml = parseYamlMapping(lines.slice(1, close).map(stripCr), 2);
  const errors: FrontMatterError[] = yaml.errors.filter((error) => error.key === undefined || READ_KEYS.has(error.key));
  const frontMatter: Fields = {};
  for (const [key, value] of yaml.values) {
    const problem = readKey(frontMatter, key, value);
    if (problem !== undefined) {
      errors.push({ line: yaml.keyLines.get(key) ?? 1, problem, key });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { frontMatter, body: lines.slice(close + 1).join('\n'), hasFrontMatter: true, errors };
}

/** Sets the field `key` stands for, if any; a null value (`key:` alone) leaves it unset. */
function readKey(fields: Fields, key: string, value: YamlValue): FrontMatterProblem | undefined {
  const text = Object.hasOwn(TEXT_KEYS, key) ? TEXT_KEYS[key] : undefined;
  const flag = Object.hasOwn(BOOLEAN_KEYS, key) ? BOOLEAN_KEYS[key] : undefined;
  const globKey = Object.hasOwn(GLOB_KEYS, key) ? GLOB_KEYS[key] : undefined;
  if (value === null) {
    return undefined;
  }
  if (text !== undefined) {
    if (typeof value !== 'string') {
      return 'notText';
    }
    fields[text] = value;
  } else if (flag !== undefined) {
    if (typeof value !== 'boolean') {
      return 'notBoolean';
    }
    fields[flag] = value;
  } else if (globKey !== undefined) {
    const globs = readGlobs(value);
    if (globs === undefined) {
      return 'notGlobs';
    }
    fields[globKey] = globs;
  }
  return undefined;
}

/** A string is a comma-separated list (as Copilot reads `applyTo`); a sequence holds one glob an item. */
function readGlobs(value: YamlValue): readonly string[] | undefined {
  if (typeof value === 'string') {
    return splitGlobList(value);
  }
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    return items.every((item) => typeof item === 'string')
      ? items.flatMap((item) => (typeof item === 'string' && item.trim() !== '' ? [item.trim()] : []))
      : undefined;
  }
  return undefined;
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
