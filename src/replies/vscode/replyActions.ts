import * as vscode from 'vscode';
import type { CodeAction } from '../common/replyProtocol';
import { type ProposalDocuments } from './proposalDocuments';
import type { StoredReply } from './replyStore';
import { SHOW_REQUEST_COMMAND } from '../../inspector/vscode/inspectorCommands';
import type { FileReviews } from '../../fileEdits/vscode/fileReviews';
import { languageIdForFence } from '../../markdown/common/fenceLanguage';
import { applyAndReveal, applyIfUnchanged, applyProposal } from './replyEdits';

interface Payload {
  readonly text: string;
  /** VS Code language id for a new file. */
  readonly languageId: string;
}

/** Where an edit goes: the request's source if it had one, else the active editor. */
interface Target {
  readonly document: vscode.TextDocument;
  /** The sent (or selected) range, if its text is unchanged. */
  readonly range: vscode.Range | undefined;
  readonly cursor: vscode.Position | undefined;
  readonly fileName: string;
}

/**
 * What the user can do with a reply or one of its code blocks. Every edit goes to the editor and
 * range the request came from, as one undo step; if that text changed meanwhile, the user is told
 * and offered a diff instead.
 */
export class ReplyActions {
  constructor(
    private readonly proposals: ProposalDocuments,
    /** The multi-file review and the undo of a turn, for the chat's replies. */
    readonly files?: FileReviews,
  ) {}

  /** Runs an action; resolves whether it was carried out. */
  async perform(reply: StoredReply, action: CodeAction, block: number | 'all'): Promise<boolean> {
    if (action === 'showRequest') {
      if (reply.inspection === undefined) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('This request is no longer kept: the inspector holds the last 50 requests of this window.'),
        );
        return false;
      }
      return (await vscode.commands.executeCommand(SHOW_REQUEST_COMMAND, reply.inspection)) !== undefined;
    }
    const payload = await payloadOf(reply, block);
    if (!payload) {
      return false;
    }
    switch (action) {
      case 'copy':
        await vscode.env.clipboard.writeText(payload.text);
        vscode.window.setStatusBarMessage(vscode.l10n.t('Cluster Chat: copied to the clipboard'), 2500);
        return true;
      case 'insert':
        return this.insertAtCursor(reply, payload.text);
      case 'replace':
        return this.replaceSelection(reply, payload.text);
      case 'diff':
        return this.showDiff(reply, payload.text);
      case 'newFile':
        await vscode.window.showTextDocument(
          await vscode.workspace.openTextDocument({ content: payload.text, language: payload.languageId }),
          { viewColumn: vscode.ViewColumn.Active, preview: false },
        );
        return true;
      case 'continueInChat':
        void vscode.window.showInformationMessage(vscode.l10n.t('The Cluster Chat panel is not available in this version.'));
        return false;
    }
  }

  /** The text the “… Last Reply” commands use: the first code block, or the whole reply. */
  static async defaultBlock(reply: StoredReply): Promise<number | 'all'> {
    const { extractCodeBlocks } = await import('../../markdown/common/codeBlocks.js');
    return extractCodeBlocks(reply.markdown).length > 0 ? 0 : 'all';
  }

  insertAtCursor(reply: StoredReply, text: string): Promise<boolean> {
    return this.edit(reply, text, 'cursor');
  }

  replaceSelection(reply: StoredReply, text: string): Promise<boolean> {
    return this.edit(reply, text, 'range');
  }

  /**
   * Puts `text` at the request's cursor or over its range, as one undo step; if that place changed
   * since the request, offers a diff instead.
   */
  private async edit(reply: StoredReply, text: string, place: 'cursor' | 'range'): Promise<boolean> {
    const target = await targetOf(reply);
    if (!target) {
      return false;
    }
    const range = place === 'cursor' ? target.cursor && new vscode.Range(target.cursor, target.cursor) : target.range;
    if (!range) {
      return this.offerDiffInstead(reply, text, target);
    }
    const edit = new vscode.WorkspaceEdit();
    edit.replace(target.document.uri, range, text);
    return applyAndReveal(reply, edit, target.document, target.document.offsetAt(range.start), text.length);
  }

  /** Opens a diff of the target document against it with the change applied, and offers Apply. */
  async showDiff(reply: StoredReply, text: string): Promise<boolean> {
    const target = await targetOf(reply);
    if (!target) {
      return false;
    }
    const { document } = target;
    if (!target.range && !target.cursor) {
      const original = await vscode.workspace.openTextDocument({
        content: reply.source?.originalText ?? '',
        language: document.languageId,
      });
      const proposal = this.proposals.create(document.uri, text, () => {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('Cluster Chat: {0} changed where the code came from; copy the parts you want from the diff.', target.fileName),
        );
        return Promise.resolve(false);
      });
      await vscode.commands.executeCommand('vscode.diff', original.uri, proposal.uri, vscode.l10n.t('Sent code ↔ Cluster Chat proposal'));
      return true;
    }
    const start = document.offsetAt(target.range?.start ?? (target.cursor as vscode.Position));
    const end = document.offsetAt(target.range?.end ?? (target.cursor as vscode.Position));
    const full = document.getText();
    const proposed = `${full.slice(0, start)}${text}${full.slice(end)}`;
    // A reply with a source follows its anchor; one without (a chat reply) goes where the diff was made,
    // not to whichever editor is active when Apply is chosen: that is usually the diff itself.
    const proposal = this.proposals.create(document.uri, proposed, () =>
      reply.source
        ? target.range
          ? this.replaceSelection(reply, text)
          : this.insertAtCursor(reply, text)
        : applyIfUnchanged(reply, document, full, { start, end }, text, target.fileName),
    );
    await vscode.commands.executeCommand(
      'vscode.diff',
      document.uri,
      proposal.uri,
      vscode.l10n.t('{0} ↔ Cluster Chat proposal', target.fileName),
      { preview: true },
    );
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t('Apply the proposed change to {0}?', target.fileName),
        vscode.l10n.t('Apply'),
        vscode.l10n.t('Discard'),
      )
      .then(async (choice) => {
        if (choice === vscode.l10n.t('Apply')) {
          await applyProposal(this.proposals, proposal.uri);
        }
      });
    return true;
  }

  private async offerDiffInstead(reply: StoredReply, text: string, target: Target): Promise<boolean> {
    const showDiff = vscode.l10n.t('Show Diff');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Cluster Chat: the code in {0} changed since the request, so the reply was not inserted. Review it as a diff instead?',
        target.fileName,
      ),
      showDiff,
    );
    return choice === showDiff ? this.showDiff(reply, text) : false;
  }
}

/** The text of one code block (or the whole reply); the code-block scanner loads on first use. */
async function payloadOf(reply: StoredReply, block: number | 'all'): Promise<Payload | undefined> {
  if (block === 'all') {
    return { text: reply.markdown, languageId: 'markdown' };
  }
  const { extractCodeBlocks } = await import('../../markdown/common/codeBlocks.js');
  const code = extractCodeBlocks(reply.markdown)[block];
  if (!code) {
    return undefined;
  }
  const languageId = code.fenceLanguage ? languageIdForFence(code.fenceLanguage) : (reply.source?.languageId ?? 'plaintext');
  return { text: code.code, languageId };
}

async function targetOf(reply: StoredReply): Promise<Target | undefined> {
  if (reply.source) {
    const document = await reply.source.document();
    return {
      document,
      range: reply.source.currentRange(document),
      cursor: reply.source.currentCursor(document),
      fileName: vscode.workspace.asRelativePath(document.uri),
    };
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Cluster Chat: open an editor to insert the reply into.'));
    return undefined;
  }
  return {
    document: editor.document,
    range: editor.selection,
    cursor: editor.selection.active,
    fileName: vscode.workspace.asRelativePath(editor.document.uri),
  };
}
