import * as path from 'node:path';
import * as vscode from 'vscode';
import { settings } from '../../base/vscode/settings';
import { type ClusterIgnore, createClusterIgnore, type IgnoreMatch } from '../common/clusterIgnore';
import { workspaceMaySend } from './restrictedMode';

export const CLUSTER_IGNORE_FILE = '.clusterignore';

/**
 * Which files never leave for a cluster: each workspace folder's `.clusterignore`, the patterns of
 * the setting `clusterChat.ignore.patterns`, and the built-in patterns that keep credentials out.
 * Kept current by a watcher on each `.clusterignore` and by the setting's changes.
 */
export class WorkspaceIgnore implements vscode.Disposable {
  private readonly matchers = new Map<string, Promise<ClusterIgnore>>();
  private readonly disposables: vscode.Disposable[];

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${CLUSTER_IGNORE_FILE}`);
    const forget = (): void => this.matchers.clear();
    this.disposables = [
      watcher,
      watcher.onDidCreate(forget),
      watcher.onDidChange(forget),
      watcher.onDidDelete(forget),
      vscode.workspace.onDidChangeWorkspaceFolders(forget),
      vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('clusterChat.ignore') && forget()),
    ];
  }

  /**
   * Why the file may not be sent, or undefined when it may. A file outside every workspace folder
   * is matched by its name alone, against the setting's and the built-in patterns.
   */
  async ignored(uri: vscode.Uri): Promise<IgnoreMatch | undefined> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const relative = folder ? path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/') : path.basename(uri.fsPath);
    if (relative === '' || relative.startsWith('../')) {
      return undefined;
    }
    return (await this.matcherOf(folder)).ignored(relative);
  }

  /**
   * Whether the file may be sent; when not, the user is told which file was left out and why. Only
   * an untitled editor's text, which is the user's own, may be sent in Restricted Mode.
   */
  async allows(uri: vscode.Uri): Promise<boolean> {
    if (uri.scheme !== 'untitled' && !workspaceMaySend()) {
      return false;
    }
    const match = await this.ignored(uri);
    if (match) {
      void vscode.window.showWarningMessage(leftOutMessage(vscode.workspace.asRelativePath(uri), match));
    }
    return match === undefined;
  }

  private matcherOf(folder: vscode.WorkspaceFolder | undefined): Promise<ClusterIgnore> {
    const key = folder?.uri.toString() ?? '';
    let matcher = this.matchers.get(key);
    if (!matcher) {
      matcher = readIgnoreFile(folder).then((clusterIgnore) =>
        createClusterIgnore({ clusterIgnore, globalPatterns: settings.ignorePatterns(), defaults: true }),
      );
      this.matchers.set(key, matcher);
    }
    return matcher;
  }

  dispose(): void {
    this.disposables.forEach((disposable) => void disposable.dispose());
  }
}

async function readIgnoreFile(folder: vscode.WorkspaceFolder | undefined): Promise<string | undefined> {
  if (!folder) {
    return undefined;
  }
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, CLUSTER_IGNORE_FILE)));
  } catch {
    return undefined; // no such file: nothing of the folder's own is left out
  }
}

/** What the user is told about a file left out: which file, and the pattern and where it is written. */
export function leftOutMessage(file: string, match: IgnoreMatch): string {
  return vscode.l10n.t(
    'Cluster Chat: {0} was left out: it matches “{1}” ({2}), so nothing of it is sent.',
    file,
    match.pattern,
    patternPlace(match),
  );
}

/** Where an ignore pattern is written, for the user to find and change it. */
export function patternPlace(match: IgnoreMatch): string {
  return match.source === '.clusterignore'
    ? vscode.l10n.t('{0}, line {1}', CLUSTER_IGNORE_FILE, match.line ?? 0)
    : match.source === 'settings'
      ? vscode.l10n.t('setting clusterChat.ignore.patterns')
      : vscode.l10n.t('the built-in patterns that keep credentials out');
}
