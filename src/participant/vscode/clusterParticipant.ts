import * as vscode from 'vscode';
import { clusterLabel } from '../../clusters/vscode/clusterStore';
import { isClusterError } from '../../client/common/errors/errors';
import { recoveryActionsFor, settingsQueryFor } from '../../client/common/errors/recovery';
import { LANGUAGE_MODEL_VENDOR, PARTICIPANT_ID } from '../../base/common/contributionIds';
import { actionForCommand, buildParticipantMessages, composeParticipantMessage, PROMPT_PICKER_COMMAND } from '../common/participantPrompt';
import type { RequestPipeline } from '../../requests/vscode/requestPipeline';
import { settings } from '../../base/vscode/settings';
import { exchangesFromHistory } from './chatHistory';
import { activeEditorCode, resolveReferences } from './chatReferences';
import type { RequestInstructions } from '../../instructions/vscode/requestInstructions';
import type { ParticipantPrompts, PromptPickOutcome } from '../../promptFiles/vscode/participantPrompts';
import { leftOutMessage, type WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { MANAGE_TRUST_COMMAND, manageTrustTitle, restrictedModeMessage } from '../../guards/vscode/restrictedMode';

/**
 * `@cluster` in VS Code's Chat view: the chat's earlier exchanges and the request's references become
 * the conversation sent to the cluster picked as the chat's model, or else to the active cluster; `/explain`, `/fix`, `/tests` and `/refactor` apply the
 * selection actions' instructions to the references, or to the editor's selection when there are
 * none. The instruction files that apply to the active editor's file and the referenced ones go
 * into the system message. `/name` of a workspace prompt file (or the one picked after `/prompt`) is
 * expanded into the chat input, not sent. Failures render as chat errors with the buttons that fix them.
 */
export class ClusterParticipant {
  constructor(
    private readonly pipeline: RequestPipeline,
    private readonly instructions: RequestInstructions,
    private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>,
    private readonly prompts?: Pick<ParticipantPrompts, 'expand' | 'pick' | 'fromPromptFiles'>,
  ) {}

  readonly handle: vscode.ChatRequestHandler = async (request, context, stream, token) => {
    const action = actionForCommand(request.command);
    if (!action && this.prompts) {
      const outcome =
        request.command === PROMPT_PICKER_COMMAND ? await this.prompts.pick(request.prompt) : await this.prompts.expand(request.prompt);
      if (outcome !== 'notAPrompt') {
        stream.markdown(promptOutcomeMessage(outcome));
        if (outcome === 'noneInRestrictedMode') {
          stream.button({ command: MANAGE_TRUST_COMMAND, title: manageTrustTitle() });
        }
        return {};
      }
    }
    if (!vscode.workspace.isTrusted && (request.references.length > 0 || action)) {
      // References and the editor's selection are the workspace's text, which Restricted Mode keeps here.
      stream.markdown(restrictedModeMessage());
      stream.button({ command: MANAGE_TRUST_COMMAND, title: manageTrustTitle() });
      return {};
    }
    const { attachments, unreadable, leftOut } = await resolveReferences(request.references, this.ignore);
    for (const message of leftOut) {
      stream.markdown(`${message}\n\n`);
    }
    if (unreadable.length > 0) {
      stream.markdown(vscode.l10n.t('Not sent, as they cannot be read as text: {0}.', unreadable.join(', ')) + '\n\n');
    }
    if (action && attachments.length === 0) {
      const editor = activeEditorCode(settings.largeFileConfirmLines());
      if (editor.kind === 'tooLarge') {
        stream.markdown(
          vscode.l10n.t(
            'Nothing is selected in {0}, and the whole file has {1} lines, more than “clusterChat.largeFileConfirmLines” allows without asking. Select the part to send, or attach the file with # to send all of it.',
            editor.fileName,
            editor.lines,
          ),
        );
        return {};
      }
      if (editor.kind === 'code') {
        const match = await this.ignore.ignored(editor.uri);
        if (match) {
          stream.markdown(leftOutMessage(editor.attachment.fileName, match));
          return {};
        }
        attachments.push(editor.attachment);
      }
    }
    if (request.prompt.trim().length === 0 && attachments.length === 0) {
      stream.markdown(
        action
          ? vscode.l10n.t('Select some code in an editor, or attach a file with #, then run /{0} again.', request.command ?? '')
          : vscode.l10n.t('Ask a question, attach code with #, or use /explain, /fix, /tests or /refactor on the selected code.'),
      );
      return {};
    }
    const sent = composeParticipantMessage({
      prompt: request.prompt,
      attachments,
      ...(action ? { instruction: settings.instruction(action) } : {}),
    });
    const clusterId = pickedCluster(request);
    const messages = await this.instructions.apply(
      buildParticipantMessages(settings.systemPrompt(), exchangesFromHistory(context.history), sent),
      filesInQuestion(request.references),
      {
        typed: request.prompt.trim(),
        fromPromptFiles: this.prompts?.fromPromptFiles(request.prompt) ?? [],
        ...(clusterId ? { clusterId } : {}),
      },
    );
    if (!messages) {
      stream.markdown(vscode.l10n.t('The request was not sent.'));
      return {};
    }

    try {
      const prepared = await this.pipeline.prepare({
        caller: 'participant',
        messages,
        interactive: true,
        token,
        ...(clusterId ? { clusterId } : {}),
      });
      if (!prepared) {
        stream.markdown(vscode.l10n.t('@cluster needs an active cluster and an API key to send this.'));
        stream.button({ command: 'clusterChat.selectCluster', title: vscode.l10n.t('Select Cluster') });
        stream.button({ command: 'clusterChat.setApiKey', title: vscode.l10n.t('Set API Key') });
        return {};
      }
      for (const reference of request.references) {
        if (reference.value instanceof vscode.Uri || reference.value instanceof vscode.Location) {
          stream.reference(reference.value);
        }
      }
      stream.progress(vscode.l10n.t('Asking {0}…', clusterLabel(prepared.cluster)));
      const { reply, cluster } = await this.pipeline.execute(prepared, token);
      stream.markdown(reply.assistant.content);
      return { metadata: { clusterId: cluster.id, sent, reply: reply.assistant.content } };
    } catch (error) {
      if (isClusterError(error) && error.kind === 'cancelled') {
        return {};
      }
      for (const button of buttonsFor(error)) {
        stream.button(button);
      }
      return { errorDetails: { message: error instanceof Error ? error.message : String(error) } };
    }
  };
}

/** The files a request is about: the active editor's and the referenced ones. */
function filesInQuestion(references: readonly vscode.ChatPromptReference[]): vscode.Uri[] {
  const active = vscode.window.activeTextEditor?.document.uri;
  const referenced = references.flatMap(({ value }) =>
    value instanceof vscode.Uri ? [value] : value instanceof vscode.Location ? [value.uri] : [],
  );
  return [...(active ? [active] : []), ...referenced];
}

/**
 * The cluster picked as the Chat view's model, if one is: the user chose it there for this chat, so
 * it wins over the active cluster. Another vendor's model leaves the active cluster in charge.
 */
function pickedCluster(request: vscode.ChatRequest): string | undefined {
  const model = request.model as vscode.LanguageModelChat | undefined;
  return model?.vendor === LANGUAGE_MODEL_VENDOR ? model.id : undefined;
}

/** The fixes for a failure as chat buttons (the Chat view has its own Retry for the last request). */
function buttonsFor(error: unknown): vscode.Command[] {
  return recoveryActionsFor(error).flatMap((action): vscode.Command[] => {
    switch (action) {
      case 'updateApiKey':
        return [{ command: 'clusterChat.setApiKey', title: vscode.l10n.t('Update API Key') }];
      case 'selectCluster':
        return [{ command: 'clusterChat.selectCluster', title: vscode.l10n.t('Select Cluster') }];
      case 'openSettings':
        return [{ command: 'workbench.action.openSettings', title: vscode.l10n.t('Open Settings'), arguments: [settingsQueryFor(error)] }];
      case 'showLog':
        return [{ command: 'clusterChat.showLog', title: vscode.l10n.t('Show Log') }];
      case 'retry':
        return [];
    }
  });
}

/** Creates `@cluster` where VS Code has the chat API; elsewhere registers nothing. */
export function registerClusterParticipant(
  participant: ClusterParticipant,
  extensionUri: vscode.Uri,
  log: vscode.LogOutputChannel,
): vscode.Disposable | undefined {
  const chat: object | undefined = (vscode as { readonly chat?: object }).chat;
  if (!chat || typeof Reflect.get(chat, 'createChatParticipant') !== 'function') {
    log.info(`VS Code ${vscode.version} has no chat participant API: @cluster is not available.`);
    return undefined;
  }
  const created = vscode.chat.createChatParticipant(PARTICIPANT_ID, participant.handle);
  created.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'cluster-chat.svg');
  return created;
}

function promptOutcomeMessage(outcome: PromptPickOutcome): string {
  switch (outcome) {
    case 'inInput':
      return vscode.l10n.t('The prompt file is in the chat input: read it, edit it, then send it.');
    case 'notExpanded':
      return vscode.l10n.t('The prompt file was not expanded, and nothing was sent.');
    case 'notPicked':
      return vscode.l10n.t('No prompt file was picked, and nothing was sent.');
    case 'noneInRestrictedMode':
      return vscode.l10n.t(
        'There is no prompt file to run: the workspace’s prompt files are not used in Restricted Mode. Trust the workspace to run them, or add your own to the prompts folder of clusterChat.userFolder.',
      );
    case 'noneToPick':
      return vscode.l10n.t(
        'There is no prompt file to run. Add one to .github/prompts (name.prompt.md), .roo/commands, .clinerules/workflows or .continue/prompts, or to the prompts folder of clusterChat.userFolder.',
      );
  }
}
