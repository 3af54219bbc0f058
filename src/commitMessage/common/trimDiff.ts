import type { DiffFile } from './diffFiles';

/** How much of the diff a commit-message request carries at most, in characters. */
export const MAX_DIFF_CHARACTERS = 24_000;
/** A file is cut only when at least this much of it still fits; else it is left out whole. */
const MIN_PARTIAL_CHARACTERS = 400;

/** What a trimmed diff leaves out; empty lists and no `partial` when nothing is. */
export interface DiffOmissions {
  /** The file that was cut, with how many of its diff lines were kept. */
  readonly partial?: { readonly path: string; readonly keptLines: number; readonly totalLines: number };
  /** Files whose changes are not sent at all because the budget was spent. */
  readonly omittedFiles: readonly string[];
  /** Binary files: named, never sent. */
  readonly binaryFiles: readonly string[];
  /** The budget the diff was cut to. */
  readonly maxCharacters: number;
}

export interface TrimmedDiff {
  /** The diff text that is sent. */
  readonly text: string;
  /** Files whose changes are sent, whole or in part. */
  readonly sentFiles: readonly string[];
  readonly omissions: DiffOmissions;
}

/**
 * Keeps whole files in order while they fit in `maxCharacters`, cuts the first one that does not
 * at a line boundary (when a useful part of it fits), and names every file left out, so the
 * request says what it does not show instead of cutting silently. Binary files are named only.
 */
export function trimDiff(files: readonly DiffFile[], maxCharacters = MAX_DIFF_CHARACTERS): TrimmedDiff {
  let text = '';
  let partial: DiffOmissions['partial'];
  const sentFiles: string[] = [];
  const omittedFiles: string[] = [];
  const binaryFiles: string[] = [];
  for (const file of files) {
    if (file.binary) {
      binaryFiles.push(file.path);
      continue;
    }
    const room = maxCharacters - text.length;
    if (partial === undefined && omittedFiles.length === 0 && file.text.length <= room) {
      text += file.text;
      sentFiles.push(file.path);
    } else if (partial === undefined && omittedFiles.length === 0 && room >= MIN_PARTIAL_CHARACTERS) {
      const lines = file.text.split('\n');
      const kept = linesThatFit(lines, room);
      text += `${lines.slice(0, kept).join('\n')}\n`;
      sentFiles.push(file.path);
      partial = { path: file.path, keptLines: kept, totalLines: lines.length - (file.text.endsWith('\n') ? 1 : 0) };
    } else {
      omittedFiles.push(file.path);
    }
  }
  return { text, sentFiles, omissions: { ...(partial ? { partial } : {}), omittedFiles, binaryFiles, maxCharacters } };
}

function linesThatFit(lines: readonly string[], room: number): number {
  let used = 0;
  let count = 0;
  for (const line of lines) {
    if (used + line.length + 1 > room) {
      break;
    }
    used += line.length + 1;
    count++;
  }
  return count;
}

/** Whether anything was left out or only named. */
export function hasOmissions(omissions: DiffOmissions): boolean {
  return omissions.partial !== undefined || omissions.omittedFiles.length > 0 || omissions.binaryFiles.length > 0;
}
