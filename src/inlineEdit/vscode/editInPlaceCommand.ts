import * as vscode from 'vscode';
import { buildEditMessages } from '../common/editPrompt';
import { settings } from '../../base/vscode/settings';
import { editTarget, lastLine, wholeLines, type EditTarget } from './editTarget';
import { proposeEdit, type EditDependencies } from './proposeEdit';

export const EDIT_IN_PLACE_COMMAND = 'clusterChat.editInPlace';

/** What a caller may fix in advance (a code action, a test); the rest is asked. */
export interface EditInPlaceOptions {
  /** The lines to edit (grown to whole lines); by default the selection or the block around the cursor. */
  readonly range?: vscode.Range;
  /** Skips the question. */
  readonly instruction?: string;
  /** Fills the question's box, e.g. with the refactor instruction. */
  readonly suggestion?: string;
}

/** Edit in Place: asks what to change, sends it with the code, and shows the change inline. */
export function registerEditInPlace(dependencies: EditDependencies): vscode.Disposable {
  return vscode.commands.registerCommand(EDIT_IN_PLACE_COMMAND, (options?: EditInPlaceOptions) => editInPlace(dependencies, options ?? {}));
}

async function editInPlace(dependencies: EditDependencies, options: EditInPlaceOptions): Promise<boolean> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: open a file and select some code first.'));
    return false;
  }
  const { document } = editor;
  if (!(await dependencies.ignore.allows(document.uri))) {
    return false;
  }
  // The lines of a proposal still pending in the file are not the user's code: it ends first.
  await dependencies.inline.clear(document.uri);
  if (document.getText().trim().length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: there is no code to send; the file is empty.'));
    return false;
  }
  const target: EditTarget | undefined = options.range
    ? { range: wholeLines(document, options.range), what: 'selection' }
    : await editTarget(editor);
  if (!target) {
    return false;
  }
  const instruction = options.instruction ?? (await askInstruction(target, options.suggestion));
  if (instruction === undefined) {
    return false;
  }
  const fileName = vscode.workspace.asRelativePath(document.uri);
  const messages = buildEditMessages({
    instruction,
    systemPrompt: settings.systemPrompt(),
    context: {
      fileName,
      languageId: document.languageId,
      code: document.getText(target.range),
      ...(target.what === 'file' ? {} : { lines: { first: target.range.start.line + 1, last: lastLine(target.range) + 1 } }),
    },
  });
  const title = `${vscode.l10n.t('Edit in Place')} · ${fileName.split('/').pop() ?? fileName}`;
  return proposeEdit({ document, range: target.range, title, messages, typed: instruction.trim() }, dependencies);
}

async function askInstruction(target: EditTarget, suggestion: string | undefined): Promise<string | undefined> {
  const what =
    target.what === 'selection'
      ? vscode.l10n.t('the selected lines')
      : target.what === 'block'
        ? vscode.l10n.t('“{0}”', target.name ?? '')
        : vscode.l10n.t('the whole file');
  const answer = await vscode.window.showInputBox({
    title: vscode.l10n.t('Cluster Chat: Edit in Place'),
    prompt: vscode.l10n.t('How should the cluster change {0}? The change is shown in the editor for you to accept or reject.', what),
    placeHolder: vscode.l10n.t('e.g. Add input validation and a doc comment'),
    ...(suggestion === undefined ? {} : { value: suggestion }),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim().length === 0 ? vscode.l10n.t('Describe the change.') : undefined),
  });
  return answer?.trim();
}
