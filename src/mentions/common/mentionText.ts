/**
 * What a mention adds to a message, kept to a size a cluster takes: a large file would fill the
 * request (and was a known way to break a conversation), so each source is cut, with a note
 * that says where.
 */

/** The most characters one mention adds. */
export const MENTION_CAP = 100_000;

/** `text` cut at `cap` characters, with a note saying so; unchanged when it fits. */
export function cutMention(text: string, cap = MENTION_CAP): string {
  return text.length <= cap ? text : `${text.slice(0, cap)}\n[cut at ${cap} characters of ${text.length}]`;
}

export type ProblemSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface Problem {
  /** The file's workspace path. */
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  readonly severity: ProblemSeverity;
  readonly message: string;
  readonly source?: string;
}

const SEVERITY_ORDER: readonly ProblemSeverity[] = ['error', 'warning', 'information', 'hint'];

/** The problems one a line, `path:line:column severity: message (source)`, worst first, then by place. */
export function problemsText(problems: readonly Problem[]): string {
  return [...problems]
    .sort(
      (a, b) =>
        SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
        a.path.localeCompare(b.path) ||
        a.line - b.line ||
        a.column - b.column,
    )
    .map(
      (problem) =>
        `${problem.path}:${problem.line}:${problem.column} ${problem.severity}: ${problem.message.replace(/\s+/gu, ' ').trim()}${
          problem.source ? ` (${problem.source})` : ''
        }`,
    )
    .join('\n');
}
