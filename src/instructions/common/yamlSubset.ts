/**
 * The YAML that front matter of instruction and prompt files is written in, read without a YAML
 * library (the package has a size budget): a mapping of keys to plain or quoted scalars, block
 * scalars (`|`, `>`), flow sequences (`[a, "b"]`) and block sequences (`- a`). Whatever falls
 * outside that (nested mappings, anchors, aliases, tags, multi-line quotes) is an error on its
 * line, never a guess; the unit test holds the rest to js-yaml's reading.
 */

import { flowClosed, parseFlowSequence, readInlineScalar, readKey, resolvePlain, type YamlProblem, type YamlScalar } from './yamlScalars';

export type { NonTextScalar, YamlProblem, YamlScalar } from './yamlScalars';
export type YamlValue = YamlScalar | readonly YamlScalar[];

export interface YamlError {
  /** 1-based line in the file. */
  readonly line: number;
  readonly problem: YamlProblem;
  /** The key whose value it is in, when known. */
  readonly key?: string;
}

export interface YamlMapping {
  readonly values: ReadonlyMap<string, YamlValue>;
  /** The line of each key read, for errors about its value. */
  readonly keyLines: ReadonlyMap<string, number>;
  readonly errors: readonly YamlError[];
}

type Read<T> =
  { readonly value: T; readonly next: number } | { readonly problem: YamlProblem; readonly line: number; readonly next: number };

/** Reads `lines`, the first of which is line `firstLine` of the file. */
export function parseYamlMapping(lines: readonly string[], firstLine: number): YamlMapping {
  const values = new Map<string, YamlValue>();
  const keyLines = new Map<string, number>();
  const errors: YamlError[] = [];
  const at = (index: number): number => firstLine + index;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlankOrComment(line)) {
      i++;
    } else if (/^\s/.test(line)) {
      errors.push({ line: at(i), problem: line.startsWith('\t') ? 'tab' : 'indentation' });
      i = skipIndented(lines, i + 1);
    } else {
      const head = readKey(line);
      if (head === undefined) {
        errors.push({ line: at(i), problem: 'notAKey' });
        i++;
        continue;
      }
      const read = readValue(lines, i, head.rest);
      if ('problem' in read) {
        errors.push({ line: at(read.line), problem: read.problem, key: head.key });
      } else if (values.has(head.key) || errors.some((error) => error.key === head.key)) {
        errors.push({ line: at(i), problem: 'duplicateKey', key: head.key });
      } else {
        values.set(head.key, read.value);
        keyLines.set(head.key, at(i));
      }
      i = read.next;
    }
  }
  // A key with an error anywhere is not read at all: its first value may not be the one meant.
  for (const error of errors) {
    values.delete(error.key ?? '');
  }
  return { values, keyLines, errors };
}

function isBlankOrComment(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function skipIndented(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length && (/^\s/.test(lines[i] ?? '') || (lines[i] ?? '') === '')) {
    i++;
  }
  return i;
}

function readValue(lines: readonly string[], index: number, rest: string): Read<YamlValue> {
  const text = rest.trim();
  const problem = (kind: YamlProblem): Read<YamlValue> => ({ problem: kind, line: index, next: skipIndented(lines, index + 1) });
  if (text === '' || text.startsWith('#')) {
    return readBlockValue(lines, index + 1);
  }
  if (text.startsWith('[')) {
    return readFlowSequence(lines, index, text);
  }
  if (/^[|>]/.test(text)) {
    return readBlockScalar(lines, index, text);
  }
  if (/^-(?:\s|$)/.test(text) || /^[?:](?:\s|$)/.test(text)) {
    return problem('nested');
  }
  const scalar = readInlineScalar(text, false);
  if (typeof scalar === 'string') {
    return problem(scalar);
  }
  if (scalar.quoted || /\s#/.test(text)) {
    return { value: scalar.value, next: index + 1 };
  }
  return readPlainContinuation(lines, index, scalar.text);
}

/** A plain scalar may go on over more-indented lines; they join with a space, blank lines with newlines. */
function readPlainContinuation(lines: readonly string[], index: number, first: string): Read<YamlValue> {
  let text = first;
  let blanks = 0;
  let next = index + 1;
  for (let i = index + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      blanks++;
      continue;
    }
    if (!/^\s/.test(line) || line.trim().startsWith('#')) {
      break;
    }
    if (line.startsWith('\t')) {
      return { problem: 'tab', line: i, next: skipIndented(lines, i) };
    }
    const part = line.trim();
    if (/:(?:\s|$)|\s#/.test(part)) {
      return { problem: 'syntax', line: i, next: skipIndented(lines, i) };
    }
    text += blanks === 0 ? ` ${part}` : '\n'.repeat(blanks) + part;
    blanks = 0;
    next = i + 1;
  }
  return { value: resolvePlain(text), next };
}

/** After `key:` with nothing on the line: a block sequence, or nothing (null). */
function readBlockValue(lines: readonly string[], from: number): Read<YamlValue> {
  let first = from;
  while (first < lines.length && isBlankOrComment(lines[first] ?? '')) {
    first++;
  }
  const line = lines[first] ?? '';
  const isItem = /^\s*-(?:\s|$)/.test(line);
  if (first >= lines.length || (!/^\s/.test(line) && !isItem)) {
    return { value: null, next: from };
  }
  if (!isItem) {
    return { problem: line.startsWith('\t') ? 'tab' : 'nested', line: first, next: skipIndented(lines, first) };
  }
  const indent = indentOf(line);
  const items: YamlScalar[] = [];
  let i = first;
  for (; i < lines.length; i++) {
    const current = lines[i] ?? '';
    if (isBlankOrComment(current)) {
      continue;
    }
    const currentIndent = indentOf(current);
    if (currentIndent < indent || (currentIndent === indent && !/^\s*-(?:\s|$)/.test(current))) {
      break;
    }
    if (currentIndent > indent || /^\s*\t/.test(current)) {
      return { problem: /^\s*\t/.test(current) ? 'tab' : 'nested', line: i, next: skipIndented(lines, i) };
    }
    const item = current.trim().slice(1).trim();
    const scalar =
      item === '' || item.startsWith('#')
        ? { value: null, text: '', quoted: false }
        : readKey(item) === undefined
          ? readInlineScalar(item, false)
          : 'nested';
    if (typeof scalar === 'string') {
      return { problem: scalar, line: i, next: skipIndented(lines, i + 1) };
    }
    items.push(scalar.value);
  }
  return { value: items, next: i };
}

function readFlowSequence(lines: readonly string[], index: number, first: string): Read<YamlValue> {
  let text = first;
  let last = index;
  while (!flowClosed(text) && last + 1 < lines.length && /^\s|^]/.test(lines[last + 1] ?? '')) {
    last++;
    text += ` ${(lines[last] ?? '').trim()}`;
  }
  const items = flowClosed(text) ? parseFlowSequence(text) : 'unclosedSequence';
  return typeof items === 'string'
    ? { problem: items, line: index, next: skipIndented(lines, last + 1) }
    : { value: items, next: last + 1 };
}

function readBlockScalar(lines: readonly string[], index: number, header: string): Read<YamlValue> {
  const match = /^([|>])([+-]?)(\s+#.*)?$/.exec(header);
  let end = index + 1;
  while (end < lines.length && ((lines[end] ?? '').trim() === '' || /^\s/.test(lines[end] ?? ''))) {
    end++;
  }
  const content = lines.slice(index + 1, end);
  const firstContent = content.find((line) => line.trim() !== '');
  const indent = firstContent === undefined ? 0 : indentOf(firstContent);
  const folded = match?.[1] === '>';
  // A more-indented line of a folded scalar keeps its breaks, a rule not worth its code here.
  const badLine = content.findIndex(
    (line) => line.trim() !== '' && (/^\s*\t/.test(line) || indentOf(line) < indent || (folded && indentOf(line) > indent)),
  );
  if (match === null || badLine !== -1) {
    return { problem: 'blockScalar', line: badLine === -1 ? index : index + 1 + badLine, next: end };
  }
  const texts = content.map((line) => (line.trim() === '' ? '' : line.slice(indent)));
  let trailing = 0;
  while (trailing < texts.length && texts[texts.length - 1 - trailing] === '') {
    trailing++;
  }
  const body = texts.slice(0, texts.length - trailing);
  const value = folded
    ? body.reduce((out, line, k) => out + (line === '' ? '\n' : k > 0 && body[k - 1] !== '' ? ` ${line}` : line), '')
    : body.join('\n');
  const chomping = match[2];
  const ending = body.length === 0 || chomping === '-' ? '' : chomping === '+' ? '\n'.repeat(trailing + 1) : '\n';
  return { value: value + ending, next: end };
}
