import * as vscode from 'vscode';
import { confirmWholeFile } from '../../base/vscode/confirm';
import { settings } from '../../base/vscode/settings';

/** The lines an edit is asked for, and how the user knows them. */
export interface EditTarget {
  readonly range: vscode.Range;
  readonly what: 'selection' | 'block' | 'file';
  /** The enclosing symbol's name, for a block. */
  readonly name?: string;
}

const BLOCK_KINDS = new Set([
  vscode.SymbolKind.Function,
  vscode.SymbolKind.Method,
  vscode.SymbolKind.Constructor,
  vscode.SymbolKind.Class,
  vscode.SymbolKind.Interface,
  vscode.SymbolKind.Enum,
  vscode.SymbolKind.Module,
  vscode.SymbolKind.Namespace,
  vscode.SymbolKind.Struct,
]);

/** A range grown to whole lines, line breaks included, so every hunk is made of whole lines. */
export function wholeLines(document: vscode.TextDocument, range: vscode.Range): vscode.Range {
  const first = range.start.line;
  const last = lastLine(range);
  const end = last + 1 < document.lineCount ? new vscode.Position(last + 1, 0) : document.lineAt(document.lineCount - 1).range.end;
  return new vscode.Range(first, 0, end.line, end.character);
}

/** The last line a range holds text of (a selection that ends at a line's start does not hold that line). */
export function lastLine(range: vscode.Range): number {
  return range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
}

/**
 * The selection's lines; with nothing selected the innermost function, class or similar block
 * around the cursor (from the language's document symbols), else the whole file after the usual
 * question when it is large. Undefined when the user declined.
 */
export async function editTarget(editor: vscode.TextEditor): Promise<EditTarget | undefined> {
  const { document, selection } = editor;
  if (!selection.isEmpty) {
    return { range: wholeLines(document, selection), what: 'selection' };
  }
  const block = await enclosingBlock(document, selection.active);
  if (block) {
    return { range: wholeLines(document, block.range), what: 'block', name: block.name };
  }
  if (document.lineCount > settings.largeFileConfirmLines() && !(await confirmWholeFile(document.lineCount))) {
    return undefined;
  }
  return {
    range: wholeLines(document, new vscode.Range(new vscode.Position(0, 0), document.lineAt(document.lineCount - 1).range.end)),
    what: 'file',
  };
}

async function enclosingBlock(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.DocumentSymbol | undefined> {
  const symbols = await Promise.resolve(
    vscode.commands.executeCommand<ReadonlyArray<vscode.DocumentSymbol | vscode.SymbolInformation> | undefined>(
      'vscode.executeDocumentSymbolProvider',
      document.uri,
    ),
  ).catch(() => undefined);
  let found: vscode.DocumentSymbol | undefined;
  let level: readonly vscode.DocumentSymbol[] = (symbols ?? []).filter((symbol): symbol is vscode.DocumentSymbol => 'children' in symbol);
  for (;;) {
    const inner = level.find((symbol) => symbol.range.contains(position));
    if (!inner) {
      return found;
    }
    if (BLOCK_KINDS.has(inner.kind)) {
      found = inner;
    }
    level = inner.children;
  }
}
