import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const root = path.resolve(__dirname, '..', '..', '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The text of a string literal or template (each `${…}` as "x"), or of `[…literals].join(separator)`. */
function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return node.text;
  }
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join('');
  }
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'join' &&
    ts.isArrayLiteralExpression(node.expression.expression)
  ) {
    const parts = node.expression.expression.elements.map(textOf);
    const separator = node.arguments[0] ? textOf(node.arguments[0]) : ',';
    return separator !== undefined && parts.every((part) => part !== undefined) ? parts.join(separator) : undefined;
  }
  return undefined;
}

/**
 * Every markdown-like text written in the tests and the tools (replies of the unit, DOM,
 * integration and UI tests, the emulator's, the bench's): each string, template and joined array
 * of strings in their sources that holds a line break and a fence, a quote, a list or an indent.
 */
export function markdownCorpus(): string[] {
  const texts = new Set<string>();
  for (const file of [...sourceFiles(path.join(root, 'test')), ...sourceFiles(path.join(root, 'scripts'))]) {
    const code = fs.readFileSync(file, 'utf8');
    // Only files that may hold such a text are parsed: a line break written in a string, or a join.
    if (!/```|~~~|\\n|\.join\(/.test(code)) {
      continue;
    }
    const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      const text = textOf(node);
      if (text?.includes('\n') && /```|~~~|^ {0,3}(?:>|[-*+]\s|\d+[.)]\s)|^(?: {4}|\t)/m.test(text)) {
        texts.add(text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...texts];
}
