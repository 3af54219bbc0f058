import type { CodeBlock } from './codeBlocks';

interface FileChange {
  readonly path: string;
  added: number;
  removed: number;
}

/**
 * The demo answer to a request for a commit message with a diff: a summary line naming the files
 * and a body with each file's added and removed lines, so a user trying the Source Control button
 * against the emulator sees a message shaped like a real one (and a test can predict it).
 */
export function commitMessageReply(diff: CodeBlock): string {
  const files = changedFiles(diff.code);
  if (files.length === 0) {
    return 'Update the project';
  }
  const names = files.map((file) => file.path.split('/').pop() ?? file.path);
  const summary =
    names.length <= 3 ? `Update ${names.join(', ')}` : `Update ${names.slice(0, 2).join(', ')} and ${names.length - 2} more files`;
  const body = files.map((file) => `- ${file.path}: +${file.added} −${file.removed} lines`);
  return [summary, '', ...body].join('\n');
}

/** Files of a unified git diff, with their counts of added and removed lines. */
function changedFiles(diff: string): FileChange[] {
  const files: FileChange[] = [];
  let current: FileChange | undefined;
  for (const line of diff.split('\n')) {
    const header = /^diff --git a\/(.+) b\/(.+)$/.exec(line);
    if (header) {
      current = { path: header[2] ?? '', added: 0, removed: 0 };
      files.push(current);
    } else if (current && line.startsWith('+') && !line.startsWith('+++')) {
      current.added += 1;
    } else if (current && line.startsWith('-') && !line.startsWith('---')) {
      current.removed += 1;
    }
  }
  return files;
}
