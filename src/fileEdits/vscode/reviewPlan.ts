import * as vscode from 'vscode';
import { labelledBlocks } from '../common/labelledBlocks';
import { judgePath, type PathRisk } from '../common/editPaths';
import { mergeBlock } from '../common/mergeBlock';
import { wholeFileShrink, type WholeFileShrink } from '../common/wholeFileShrink';
import { withEndingsOf } from '../common/lineEndings';
import { staysInside } from '../node/realFolder';
import { patternPlace, type WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { refusalText, doubtText } from './reviewTexts';

/** A file a reply changes, with what it holds now and what the reply proposes. */
export interface PlannedFile {
  readonly uri: vscode.Uri;
  /** The path as the user reads it (the folder's name first in a multi-root workspace). */
  readonly label: string;
  /** The text now (an open editor's, unsaved edits included); undefined for a file the reply creates. */
  readonly original: string | undefined;
  readonly proposed: string;
  readonly risk?: PathRisk;
  /** Set when a block without marks replaces the file whole and keeps less than half of it. */
  readonly shrink?: WholeFileShrink;
}

/** A reviewed file as it is to be written: the proposal as the user left it in the review. */
export interface FileWrite {
  readonly file: PlannedFile;
  readonly text: string;
}

/** A block that is not in the review, and why. */
export interface LeftOutBlock {
  readonly path: string;
  readonly why: string;
  readonly code: string;
  /** The file the block was meant for, when only where its parts go is in doubt: it can be compared with the block whole. */
  readonly file?: vscode.Uri;
}

export interface ReviewPlan {
  readonly files: readonly PlannedFile[];
  readonly leftOut: readonly LeftOutBlock[];
}

/**
 * What a reply's labelled blocks would do to the workspace. Every path is judged as untrusted
 * input (outside the folders, `..`, `.git`, symbolic links out, ignored files: refused); a block
 * with `...existing code...` is merged into its file only where the placement is certain, and
 * several blocks for one file are applied in order.
 */
export async function planReview(markdown: string, ignore: WorkspaceIgnore): Promise<ReviewPlan> {
  const files = new Map<string, PlannedFile>();
  const leftOut: LeftOutBlock[] = [];
  // Each block's file is found and read at once; the blocks are then applied in their order.
  const judged = await Promise.all(labelledBlocks(markdown).map(async (block) => ({ block, target: await targetOf(block.path, ignore) })));
  for (const { block, target } of judged) {
    const refuse = (why: string): void => void leftOut.push({ path: block.path, why, code: block.code });
    if ('why' in target) {
      refuse(target.why);
      continue;
    }
    const key = target.uri.toString();
    const earlier = files.get(key);
    const original = earlier ? earlier.original : target.text;
    const base = earlier ? earlier.proposed : original;
    const proposed = proposal(base, block.code, block.partial);
    if (typeof proposed !== 'string') {
      leftOut.push({ path: block.path, why: proposed.why, code: block.code, ...(base === undefined ? {} : { file: target.uri }) });
      continue;
    }
    const shrink = block.partial || base === undefined ? earlier?.shrink : wholeFileShrink(base, block.code);
    files.set(key, {
      uri: target.uri,
      label: target.label,
      original,
      proposed,
      ...(target.risk ? { risk: target.risk } : {}),
      ...(shrink ? { shrink } : {}),
    });
  }
  return { files: [...files.values()], leftOut };
}

interface Target {
  readonly uri: vscode.Uri;
  readonly label: string;
  readonly text: string | undefined;
  readonly risk: PathRisk | undefined;
}

/** The file a path names and its text now, or why it may not be written. */
async function targetOf(path: string, ignore: WorkspaceIgnore): Promise<Target | { readonly why: string }> {
  const verdict = judgePath(path);
  if (verdict.kind === 'refused') {
    return { why: refusalText(verdict.reason) };
  }
  const place = await placeOf(verdict.path);
  if (place === undefined) {
    return { why: vscode.l10n.t('no folder is open to write it in') };
  }
  if (!(await staysInside(place.folder.uri.fsPath, place.uri.fsPath))) {
    return { why: vscode.l10n.t('a symbolic link leads out of the workspace folder') };
  }
  const match = await ignore.ignored(place.uri);
  if (match) {
    return { why: vscode.l10n.t('it matches “{0}” ({1})', match.pattern, patternPlace(match)) };
  }
  const label = (vscode.workspace.workspaceFolders?.length ?? 0) > 1 ? `${place.folder.name}/${verdict.path}` : verdict.path;
  return { uri: place.uri, label, text: await currentText(place.uri), risk: verdict.kind === 'risky' ? verdict.risk : undefined };
}

function proposal(base: string | undefined, code: string, partial: boolean): string | { readonly why: string } {
  if (!partial) {
    return withEndingsOf(code, base);
  }
  if (base === undefined) {
    return { why: vscode.l10n.t('it leaves out code of a file that does not exist') };
  }
  const merged = mergeBlock(base, code);
  return merged.kind === 'merged' ? merged.text : { why: doubtText(merged.reason, merged.line) };
}

interface Place {
  readonly folder: vscode.WorkspaceFolder;
  readonly uri: vscode.Uri;
}

/**
 * The folder a path belongs to: in a multi-root workspace one named by its first segment, else the
 * first that holds the file, else the first folder (where a new file goes).
 */
async function placeOf(path: string): Promise<Place | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const [first, ...rest] = path.split('/');
  const named = folders.length > 1 && rest.length > 0 ? folders.find((folder) => folder.name === first) : undefined;
  if (named) {
    return { folder: named, uri: vscode.Uri.joinPath(named.uri, ...rest) };
  }
  for (const folder of folders) {
    const uri = vscode.Uri.joinPath(folder.uri, path);
    if (await exists(uri)) {
      return { folder, uri };
    }
  }
  const folder = folders[0];
  return folder && { folder, uri: vscode.Uri.joinPath(folder.uri, path) };
}

export async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
}

/** The file's text as the editor holds it, or undefined when there is no such file. */
export async function currentText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open) {
    return open.getText();
  }
  return (await exists(uri)) ? (await vscode.workspace.openTextDocument(uri)).getText() : undefined;
}
