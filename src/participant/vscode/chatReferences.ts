import * as vscode from 'vscode';
import type { Attachment } from '../../conversations/common/conversation';
import { cutMention } from '../../mentions/common/mentionText';
import { leftOutMessage, type WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';

/** What the references of a chat request hold as code, and the ones that could not be read or may not be sent. */
export interface ResolvedReferences {
  readonly attachments: Attachment[];
  readonly unreadable: string[];
  /** What the user is told about each file the ignore file keeps, which is not sent. */
  readonly leftOut: string[];
}

/**
 * The code of a request's references (`#file`, a selection, a dropped file): a file whole, a
 * location's range, a plain text value as it is. Files that cannot be opened as text are listed, and
 * files the ignore file keeps are left out with the reason.
 */
export async function resolveReferences(
  references: readonly vscode.ChatPromptReference[],
  ignore: Pick<WorkspaceIgnore, 'ignored'>,
): Promise<ResolvedReferences> {
  const attachments: Attachment[] = [];
  const unreadable: string[] = [];
  const leftOut: string[] = [];
  for (const [index, reference] of references.entries()) {
    const { value } = reference;
    if (typeof value === 'string') {
      if (value.trim().length > 0) {
        const label = reference.modelDescription ?? reference.id;
        attachments.push({ id: `${index}`, label, fileName: label, languageId: '', code: value });
      }
      continue;
    }
    const location = value instanceof vscode.Location ? value : value instanceof vscode.Uri ? { uri: value, range: undefined } : undefined;
    if (!location) {
      continue;
    }
    const fileName = vscode.workspace.asRelativePath(location.uri);
    const match = await ignore.ignored(location.uri);
    if (match) {
      leftOut.push(leftOutMessage(fileName, match));
      continue;
    }
    try {
      const document = await vscode.workspace.openTextDocument(location.uri);
      const range = location.range;
      attachments.push({
        id: `${index}`,
        label: range ? `${fileName}:${range.start.line + 1}-${range.end.line + 1}` : fileName,
        fileName,
        languageId: document.languageId,
        // Cut as the sidebar's @ mentions are: one reference sends the same block in either chat.
        code: cutMention(document.getText(range)),
      });
    } catch {
      unreadable.push(fileName);
    }
  }
  return { attachments, unreadable, leftOut };
}

export type EditorCode =
  | { readonly kind: 'none' }
  | { readonly kind: 'code'; readonly attachment: Attachment; readonly uri: vscode.Uri }
  | { readonly kind: 'tooLarge'; readonly fileName: string; readonly lines: number };

/**
 * The active editor's selection, or its whole file when nothing is selected, as the selection
 * actions take it; a whole file longer than `maxWholeFileLines` is not taken (the chat cannot ask).
 */
export function activeEditorCode(maxWholeFileLines: number): EditorCode {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    return { kind: 'none' };
  }
  const { document, selection } = editor;
  const fileName = vscode.workspace.asRelativePath(document.uri);
  if (selection.isEmpty && document.lineCount > maxWholeFileLines) {
    return { kind: 'tooLarge', fileName, lines: document.lineCount };
  }
  const code = document.getText(selection.isEmpty ? undefined : selection);
  if (code.trim().length === 0) {
    return { kind: 'none' };
  }
  const label = selection.isEmpty ? fileName : `${fileName}:${selection.start.line + 1}-${selection.end.line + 1}`;
  return {
    kind: 'code',
    attachment: { id: 'editor', label, fileName, languageId: document.languageId, code, uri: document.uri.toString() },
    uri: document.uri,
  };
}
