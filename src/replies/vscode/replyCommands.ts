import * as vscode from 'vscode';
import { type ProposalDocuments } from './proposalDocuments';
import { ReplyActions } from './replyActions';
import { applyProposal } from './replyEdits';
import type { ReplyStore } from './replyStore';

/** “Insert Last Reply”, “Replace Selection with Last Reply” and “Apply Proposed Change”. */
export function registerReplyCommands(replies: ReplyStore, actions: ReplyActions, proposals: ProposalDocuments): vscode.Disposable {
  const withLastReply = (action: 'insert' | 'replace') => async (): Promise<boolean> => {
    const reply = replies.last();
    if (!reply) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: there is no reply yet. Send some code first.'));
      return false;
    }
    return actions.perform(reply, action, await ReplyActions.defaultBlock(reply));
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand('clusterChat.insertLastReply', withLastReply('insert')),
    vscode.commands.registerCommand('clusterChat.replaceSelectionWithLastReply', withLastReply('replace')),
    vscode.commands.registerCommand('clusterChat.applyProposal', (uri?: vscode.Uri) =>
      applyProposal(proposals, uri instanceof vscode.Uri ? uri : undefined),
    ),
  );
}
