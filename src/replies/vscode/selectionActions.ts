import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import * as vscode from 'vscode';
import { confirmWholeFile } from '../../base/vscode/confirm';
import { buildSelectionMessages, type CodeContext, type SelectionAction } from '../common/selectionPrompt';
import type { ReplyPanel } from './replyPanel';
import type { ReplyStore } from './replyStore';
import type { RequestRunner } from '../../requests/vscode/requestRunner';
import { settings } from '../../base/vscode/settings';
import { SourceAnchor } from './sourceAnchor';
import type { RequestInstructions } from '../../instructions/vscode/requestInstructions';

interface ActionCommand {
  readonly command: string;
  readonly action: SelectionAction;
  readonly title: () => string;
}

const ACTION_COMMANDS: readonly ActionCommand[] = [
  { command: 'clusterChat.sendSelection', action: 'send', title: () => vscode.l10n.t('Send Selection') },
  { command: 'clusterChat.explainSelection', action: 'explain', title: () => vscode.l10n.t('Explain') },
  { command: 'clusterChat.refactorSelection', action: 'refactor', title: () => vscode.l10n.t('Refactor') },
  { command: 'clusterChat.writeTests', action: 'writeTests', title: () => vscode.l10n.t('Write Tests') },
  { command: 'clusterChat.fixSelection', action: 'fix', title: () => vscode.l10n.t('Fix') },
  { command: 'clusterChat.askAboutSelection', action: 'ask', title: () => vscode.l10n.t('Ask') },
];

export interface SelectionActionDependencies {
  readonly runner: RequestRunner;
  readonly replies: ReplyStore;
  readonly panel: ReplyPanel;
  readonly ignore: Pick<WorkspaceIgnore, 'allows'>;
  readonly instructions: RequestInstructions;
}

/**
 * The selection actions (palette and editor context menu): the selection, or the whole file when
 * nothing is selected, goes to the active cluster in a fenced block with its file name and
 * language, with the instruction files that apply to the file; the reply opens in the reply view.
 */
export function registerSelectionActions(dependencies: SelectionActionDependencies): vscode.Disposable {
  return vscode.Disposable.from(
    ...ACTION_COMMANDS.map(({ command, action, title }) =>
      vscode.commands.registerCommand(command, async () => {
        const uri = vscode.window.activeTextEditor?.document.uri;
        if (uri === undefined || (await dependencies.ignore.allows(uri))) {
          await runSelectionAction(action, title(), dependencies);
        }
      }),
    ),
  );
}

async function runSelectionAction(
  action: SelectionAction,
  title: string,
  { runner, replies, panel, instructions }: SelectionActionDependencies,
): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: open a file and select some code first.'));
    return;
  }
  const { document, selection } = editor;
  const wholeFile = selection.isEmpty;
  const range = wholeFile ? new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)) : selection;
  const code = document.getText(range);
  if (code.trim().length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: there is no code to send; the file is empty.'));
    return;
  }
  if (wholeFile && document.lineCount > settings.largeFileConfirmLines() && !(await confirmWholeFile(document.lineCount))) {
    return;
  }
  let question: string | undefined;
  if (action === 'ask') {
    question = await vscode.window.showInputBox({
      title: vscode.l10n.t('Cluster Chat: Ask About Selection'),
      prompt: vscode.l10n.t('Your question about the {0}', wholeFile ? vscode.l10n.t('file') : vscode.l10n.t('selected code')),
      placeHolder: vscode.l10n.t('e.g. Why could this throw?'),
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim().length === 0 ? vscode.l10n.t('Type a question.') : undefined),
    });
    if (question === undefined) {
      return;
    }
  }
  const fileName = vscode.workspace.asRelativePath(document.uri);
  const context: CodeContext = wholeFile
    ? { fileName, languageId: document.languageId, code }
    : { fileName, languageId: document.languageId, code, lines: { first: range.start.line + 1, last: range.end.line + 1 } };
  const messages = buildSelectionMessages({
    action,
    context,
    instruction: action === 'ask' ? '{question}' : settings.instruction(action),
    systemPrompt: settings.systemPrompt(),
    ...(question === undefined ? {} : { question: question.trim() }),
  });
  const sent = await instructions.apply(messages, [document.uri]);
  if (!sent) {
    return;
  }
  const source = new SourceAnchor(document, range, selection.active);
  const delivered = await runner.run({
    title,
    messages: sent,
    deliver: ({ reply, cluster, inspection }) => {
      const stored = replies.add({
        title: `${title} · ${fileName.split('/').pop() ?? fileName}`,
        cluster: cluster.label ?? cluster.id,
        markdown: reply.assistant.content,
        source,
        conversation: [...messages, reply.assistant],
        inspection,
      });
      panel.show(stored);
    },
  });
  if (!delivered) {
    source.dispose();
  }
}
