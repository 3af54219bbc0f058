import * as vscode from 'vscode';
import { EDIT_IN_PLACE_COMMAND, type EditInPlaceOptions } from '../../inlineEdit/vscode/editInPlaceCommand';
import { fillTemplate } from '../../replies/common/selectionPrompt';
import { settings } from '../../base/vscode/settings';

export const PROBLEM_COMMANDS = { fix: 'clusterChat.fixProblems', explain: 'clusterChat.explainProblems' } as const;

const EXPLAIN_KIND = vscode.CodeActionKind.QuickFix.append('clusterChat').append('explain');
const FIX_KIND = vscode.CodeActionKind.QuickFix.append('clusterChat').append('fix');
const REFACTOR_KIND = vscode.CodeActionKind.RefactorRewrite.append('clusterChat');

/**
 * The lightbulb's Cluster Chat actions, for every language: on problems, Fix with Cluster (the fix
 * comes back as an inline proposal) and Explain Problem with Cluster (the reply view); on any
 * selection, Refactor with Cluster… (Edit in Place with the refactor instruction to start from).
 */
export class ClusterCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [FIX_KIND, EXPLAIN_KIND, REFACTOR_KIND],
  };

  provideCodeActions(
    document: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    if (!vscode.workspace.isTrusted && document.uri.scheme !== 'untitled') {
      return []; // nothing of the workspace is sent in Restricted Mode, so nothing is offered
    }
    const wanted = (kind: vscode.CodeActionKind): boolean => context.only === undefined || context.only.contains(kind);
    const actions: vscode.CodeAction[] = [];
    const problems = [...context.diagnostics];
    if (problems.length > 0) {
      if (wanted(FIX_KIND)) {
        const fix = new vscode.CodeAction(vscode.l10n.t('Fix with Cluster'), FIX_KIND);
        fix.diagnostics = problems;
        fix.command = { title: fix.title, command: PROBLEM_COMMANDS.fix, arguments: [document.uri, problems] };
        actions.push(fix);
      }
      if (wanted(EXPLAIN_KIND)) {
        const explain = new vscode.CodeAction(vscode.l10n.t('Explain Problem with Cluster'), EXPLAIN_KIND);
        explain.diagnostics = problems;
        explain.command = { title: explain.title, command: PROBLEM_COMMANDS.explain, arguments: [document.uri, problems] };
        actions.push(explain);
      }
    }
    if (!range.isEmpty && wanted(REFACTOR_KIND)) {
      const refactor = new vscode.CodeAction(vscode.l10n.t('Refactor with Cluster…'), REFACTOR_KIND);
      const fileName = vscode.workspace.asRelativePath(document.uri);
      const suggestion = fillTemplate(settings.instruction('refactor'), { fileName, language: document.languageId });
      const options: EditInPlaceOptions = { range, suggestion };
      refactor.command = { title: refactor.title, command: EDIT_IN_PLACE_COMMAND, arguments: [options] };
      actions.push(refactor);
    }
    return actions;
  }
}

export function registerClusterCodeActions(): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider('*', new ClusterCodeActions(), ClusterCodeActions.metadata);
}
