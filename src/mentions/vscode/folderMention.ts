import * as vscode from 'vscode';
import { fenceCode } from '../../replies/common/selectionPrompt';
import { MENTION_CAP, cutMention } from '../common/mentionText';
import type { Resolved } from './resolved';
import type { WorkspaceFiles } from './workspaceFiles';

/** The most files of a folder sent; the block says how many more there were. */
export const MAX_FOLDER_FILES = 30;

/**
 * `@folder/`: the text files of a folder and its subfolders, as listed for `@` (so `.gitignore`,
 * the excludes and the ignore file already left out), in path order, each in its own fenced
 * block; at most MAX_FOLDER_FILES of them and MENTION_CAP characters in all. A binary or
 * unreadable file is named, not sent.
 */
export async function folderMention(files: WorkspaceFiles, name: string): Promise<Resolved> {
  const inFolder = (await files.list()).filter((file) => file.name.startsWith(name));
  if (inFolder.length === 0) {
    return { told: vscode.l10n.t('Cluster Chat: {0} is not a workspace folder with files that may be sent.', name) };
  }
  const parts: string[] = [];
  let length = 0;
  let sent = 0;
  for (const file of inFolder.slice(0, MAX_FOLDER_FILES)) {
    if (length >= MENTION_CAP) {
      break;
    }
    // A file gone since the list was made is named as such, and the others still go.
    const part = await filePart(file.name, file.uri).catch(() => `${file.name}: [could not be read, not sent]`);
    parts.push(part);
    length += part.length;
    sent++;
  }
  const notes = inFolder.length > sent ? `\n\n[${sent} of ${inFolder.length} files]` : '';
  const label = `folder ${name} (${inFolder.length} files)`;
  return { attachment: { label, fileName: label, languageId: 'markdown', code: cutMention(`${parts.join('\n\n')}${notes}`) } };
}

/** A file's part of the block; read as bytes, so that a folder's files are not opened as documents (and by language servers). */
async function filePart(name: string, uri: vscode.Uri): Promise<string> {
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.size > MENTION_CAP * 4) {
    return `${name}: [larger than ${MENTION_CAP * 4} bytes, not sent]`;
  }
  const bytes = await vscode.workspace.fs.readFile(uri);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `${name}: [not UTF-8 text, not sent]`;
  }
  if (text.includes('\u0000')) {
    return `${name}: [binary, not sent]`;
  }
  const extension = /\.([a-z0-9]+)$/iu.exec(name)?.[1] ?? '';
  return `${name}:\n\n${fenceCode(text, extension.toLowerCase())}`;
}
