import * as vscode from 'vscode';

export const REVIEW_SCHEME = 'cluster-chat-review';
/**
 * Text shown beside a file that no review owns (a block compared with its file, a file as it was
 * before a turn): a scheme of its own, so the review's Accept and Reject buttons are not offered there.
 */
export const COMPARE_SCHEME = 'cluster-chat-compare';

/**
 * The proposed side of a review, as files the user may edit: reverting a hunk in the diff (or
 * typing) changes what Accept writes. Held in memory only; nothing here reaches the disk.
 */
export class ReviewDocuments implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly files = new Map<string, { content: Uint8Array; mtime: number }>();
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly registrations = [REVIEW_SCHEME, COMPARE_SCHEME].map((scheme) =>
    vscode.workspace.registerFileSystemProvider(scheme, this, { isCaseSensitive: true }),
  );
  /** Waiting for the last tab showing a file to close (see `dropWhenClosed`). */
  private readonly closing = new Set<vscode.Disposable>();

  /** Holds `text` at `uri` (of one of these schemes), replacing what was there. */
  put(uri: vscode.Uri, text: string): void {
    this.files.set(uri.toString(), { content: new TextEncoder().encode(text), mtime: Date.now() });
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /** The proposal as it stands: the open document's text (edits not saved included), else what was put. */
  textOf(uri: vscode.Uri): string | undefined {
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
    const stored = this.files.get(uri.toString());
    return open?.getText() ?? (stored && new TextDecoder().decode(stored.content));
  }

  /** Forgets a review's files. */
  drop(uris: readonly vscode.Uri[]): void {
    for (const uri of uris) {
      this.files.delete(uri.toString());
    }
  }

  /**
   * Drops `uri` once the last tab showing it closes: a file no review owns (a block compared with
   * its file) is held only while it is on screen. Call it once the command that opens its tab has
   * settled, failed or not: with no tab showing it then, it goes at once.
   */
  dropWhenClosed(uri: vscode.Uri): void {
    const key = uri.toString();
    const shows = ({ input }: vscode.Tab): boolean =>
      input instanceof vscode.TabInputTextDiff
        ? input.original.toString() === key || input.modified.toString() === key
        : input instanceof vscode.TabInputText && input.uri.toString() === key;
    const onScreen = (): boolean => vscode.window.tabGroups.all.some((group) => group.tabs.some(shows));
    if (!onScreen()) {
      this.drop([uri]); // no tab opened (the diff failed, or closed at once): no close would ever come
      return;
    }
    const listener = vscode.window.tabGroups.onDidChangeTabs(({ closed }) => {
      if (closed.some(shows) && !onScreen()) {
        this.drop([uri]);
        listener.dispose();
        this.closing.delete(listener);
      }
    });
    this.closing.add(listener);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const file = this.files.get(uri.toString());
    if (!file) {
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    return { type: vscode.FileType.File, ctime: file.mtime, mtime: file.mtime, size: file.content.byteLength };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const file = this.files.get(uri.toString());
    if (!file) {
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    return file.content;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    if (!this.files.has(uri.toString())) {
      throw vscode.FileSystemError.NoPermissions(uri);
    }
    this.files.set(uri.toString(), { content, mtime: Date.now() });
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this.registrations.forEach((registration) => void registration.dispose());
    this.changes.dispose();
    this.closing.forEach((listener) => void listener.dispose());
    this.files.clear();
  }
}
