import * as vscode from 'vscode';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { MAX_PATH_MATCHES } from '../common/fuzzyPaths';
import type { MentionOption } from '../common/mentionOptions';
import { cutMention } from '../common/mentionText';
import type { Resolved } from './resolved';

type AnySymbol = vscode.SymbolInformation | vscode.DocumentSymbol;

/**
 * `@symbol:Name`: the workspace's symbols as its language servers know them
 * (`vscode.executeWorkspaceSymbolProvider`), and the chosen one's whole declaration, found in its
 * file's outline where the server gives one (the workspace symbol alone may span only its name).
 * A symbol in an ignored file is neither offered nor read.
 */
export class SymbolMentions {
  constructor(private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>) {}

  async options(query: string): Promise<MentionOption[]> {
    if (query.trim() === '') {
      return [];
    }
    const symbols = await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>(
      'vscode.executeWorkspaceSymbolProvider',
      query,
    );
    const options: MentionOption[] = [];
    for (const symbol of symbols ?? []) {
      const { uri, range } = symbol.location;
      if (!vscode.workspace.getWorkspaceFolder(uri) || (await this.ignore.ignored(uri))) {
        continue;
      }
      const path = vscode.workspace.asRelativePath(uri);
      options.push({
        kind: 'symbol',
        name: `symbol:${symbol.name}`,
        detail: `${vscode.SymbolKind[symbol.kind]} · ${path}:${range.start.line + 1}`,
        ref: `${uri.toString()}#${range.start.line},${range.start.character}`,
      });
      if (options.length === MAX_PATH_MATCHES) {
        break;
      }
    }
    return options;
  }

  async resolve(name: string, ref: string | undefined): Promise<Resolved> {
    const place = placeOf(ref);
    if (place === undefined || !vscode.workspace.getWorkspaceFolder(place.uri) || (await this.ignore.ignored(place.uri))) {
      return { told: vscode.l10n.t('Cluster Chat: @{0} is not a symbol of the workspace; pick it from the list.', name) };
    }
    const document = await vscode.workspace.openTextDocument(place.uri);
    const outline = await vscode.commands.executeCommand<AnySymbol[] | undefined>('vscode.executeDocumentSymbolProvider', place.uri);
    const declared = declarationAt(outline ?? [], place.position, name.slice('symbol:'.length));
    const range = declared ?? document.lineAt(Math.min(place.position.line, document.lineCount - 1)).range;
    const first = range.start.line + 1;
    const last = range.end.line + 1;
    const label = `${vscode.workspace.asRelativePath(place.uri)}:${first === last ? first : `${first}-${last}`}`;
    const whole = new vscode.Range(range.start.line, 0, range.end.line, document.lineAt(range.end.line).text.length);
    return {
      attachment: {
        label,
        fileName: label,
        languageId: document.languageId,
        code: cutMention(document.getText(whole)),
        uri: place.uri.toString(),
      },
    };
  }
}

function placeOf(ref: string | undefined): { readonly uri: vscode.Uri; readonly position: vscode.Position } | undefined {
  const match = ref === undefined ? null : /^(.+)#(\d+),(\d+)$/u.exec(ref);
  if (match === null || match[1] === undefined) {
    return undefined;
  }
  try {
    return { uri: vscode.Uri.parse(match[1], true), position: new vscode.Position(Number(match[2]), Number(match[3])) };
  } catch {
    return undefined; // not a URI: the webview sent something that was never offered
  }
}

/** The innermost outline symbol named `name` whose declaration holds `position`, as its whole range. */
function declarationAt(symbols: readonly AnySymbol[], position: vscode.Position, name: string): vscode.Range | undefined {
  let found: vscode.Range | undefined;
  for (const symbol of symbols) {
    const range = 'location' in symbol ? symbol.location.range : symbol.range;
    if (!range.contains(position)) {
      continue;
    }
    if (bare(symbol.name) === bare(name)) {
      found = range;
    }
    if ('children' in symbol) {
      found = declarationAt(symbol.children, position, name) ?? found;
    }
  }
  return found;
}

/** A symbol's name without the `()` some servers add to a function's (TypeScript's workspace symbols do, its outline does not). */
function bare(name: string): string {
  return name.replace(/\(\)$/u, '');
}
