import * as vscode from 'vscode';
import { buildProblemMessages, EXPLAIN_PROBLEMS_INSTRUCTION, type ProblemReport } from '../../inlineEdit/common/editPrompt';
import { lastLine, wholeLines } from '../../inlineEdit/vscode/editTarget';
import { proposeEdit, type EditDependencies } from '../../inlineEdit/vscode/proposeEdit';
import type { ReplyPanel } from '../../replies/vscode/replyPanel';
import type { ReplyStore } from '../../replies/vscode/replyStore';
import { SourceAnchor } from '../../replies/vscode/sourceAnchor';
import { settings } from '../../base/vscode/settings';
import { PROBLEM_COMMANDS } from './clusterCodeActions';

/** Lines of code sent above and below the problems, so the cluster sees what they are about. */
export const PROBLEM_CONTEXT_LINES = 8;

const SEVERITIES: Record<vscode.DiagnosticSeverity, ProblemReport['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** The commands behind the lightbulb's Fix with Cluster and Explain Problem with Cluster. */
export function registerProblemCommands(dependencies: EditDependencies, replies: ReplyStore, panel: ReplyPanel): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(PROBLEM_COMMANDS.fix, (uri: vscode.Uri, problems: readonly vscode.Diagnostic[]) =>
      fixProblems(uri, problems, dependencies),
    ),
    vscode.commands.registerCommand(PROBLEM_COMMANDS.explain, (uri: vscode.Uri, problems: readonly vscode.Diagnostic[]) =>
      explainProblems(uri, problems, dependencies, replies, panel),
    ),
  );
}

async function fixProblems(uri: vscode.Uri, problems: readonly vscode.Diagnostic[], dependencies: EditDependencies): Promise<boolean> {
  // The lines of a proposal still pending in the file are not the user's code: it ends first.
  await dependencies.inline.clear(uri);
  const request = (await dependencies.ignore.allows(uri)) ? await problemRequest(uri, problems, 'fix') : undefined;
  return request !== undefined && proposeEdit(request, dependencies);
}

async function explainProblems(
  uri: vscode.Uri,
  problems: readonly vscode.Diagnostic[],
  dependencies: EditDependencies,
  replies: ReplyStore,
  panel: ReplyPanel,
): Promise<boolean> {
  const request = (await dependencies.ignore.allows(uri)) ? await problemRequest(uri, problems, 'explain') : undefined;
  const messages = request && (await dependencies.instructions.apply(request.messages, [request.document.uri]));
  if (!request || !messages) {
    return false;
  }
  const source = new SourceAnchor(request.document, request.range, request.range.start);
  const delivered = await dependencies.runner.run({
    title: request.title,
    messages,
    deliver: ({ reply, cluster }) => {
      panel.show(
        replies.add({
          title: request.title,
          cluster: cluster.label ?? cluster.id,
          markdown: reply.assistant.content,
          source,
          conversation: [...request.messages, reply.assistant],
        }),
      );
    },
  });
  if (!delivered) {
    source.dispose();
  }
  return delivered;
}

/** The problems, the code around them (whole lines) and the conversation asking about them. */
async function problemRequest(uri: vscode.Uri, problems: readonly vscode.Diagnostic[], kind: 'fix' | 'explain') {
  if (problems.length === 0) {
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const first = Math.max(0, Math.min(...problems.map((problem) => problem.range.start.line)) - PROBLEM_CONTEXT_LINES);
  const last = Math.min(document.lineCount - 1, Math.max(...problems.map((problem) => problem.range.end.line)) + PROBLEM_CONTEXT_LINES);
  const range = wholeLines(document, new vscode.Range(first, 0, last, document.lineAt(last).range.end.character));
  const fileName = vscode.workspace.asRelativePath(document.uri);
  const messages = buildProblemMessages({
    kind,
    instruction: kind === 'fix' ? settings.instruction('fix') : EXPLAIN_PROBLEMS_INSTRUCTION,
    problems: problems.map(toReport),
    systemPrompt: settings.systemPrompt(),
    context: {
      fileName,
      languageId: document.languageId,
      code: document.getText(range),
      lines: { first: range.start.line + 1, last: lastLine(range) + 1 },
    },
  });
  const action = kind === 'fix' ? vscode.l10n.t('Fix with Cluster') : vscode.l10n.t('Explain Problem with Cluster');
  return { document, range, messages, title: `${action} · ${fileName.split('/').pop() ?? fileName}` };
}

function toReport(problem: vscode.Diagnostic): ProblemReport {
  const code = typeof problem.code === 'object' ? problem.code.value : problem.code;
  return {
    message: problem.message,
    severity: SEVERITIES[problem.severity],
    ...(problem.source ? { source: problem.source } : {}),
    ...(code === undefined ? {} : { code: String(code) }),
    range: {
      startLine: problem.range.start.line + 1,
      startColumn: problem.range.start.character + 1,
      endLine: problem.range.end.line + 1,
      endColumn: problem.range.end.character + 1,
    },
  };
}
