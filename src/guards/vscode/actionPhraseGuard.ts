import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import type { ClusterEntry } from '../../base/vscode/settings';
import { clusterLabel } from '../../clusters/vscode/clusterStore';
import { type ActionPhraseMatch, findActionPhrases, type LabelledText } from '../common/actionPhrases';
import { type SystemMessagePart, systemMessageParts } from '../../instructions/common/systemMessageParts';

/** What the user is shown before a request that carries a cluster's action phrase in text they did not type. */
export interface PhraseQuestion {
  readonly cluster: string;
  readonly matches: readonly ActionPhraseMatch[];
}
/** Resolves true only for an explicit yes. */
export type AskAboutPhrases = (question: PhraseQuestion) => Thenable<boolean>;

/** Places shown in the question; the count names the rest. */
const SHOWN_MATCHES = 5;

/**
 * The guard no peer has: a cluster fires its custom actions on phrases anywhere in a conversation,
 * so such a phrase that arrived with a file, an attachment or an earlier reply would fire the
 * action on this send without the user having asked for it. The request waits for a yes that names
 * where each phrase came from. Only the text the user typed for this turn is not searched.
 */
export class ActionPhraseGuard {
  constructor(
    /** The cluster named by `id`, or the active one when no id is given. */
    private readonly cluster: (id?: string) => ClusterEntry | undefined,
    private readonly ask: AskAboutPhrases = askInDialog,
  ) {}

  /**
   * Whether `messages` may go to cluster `clusterId` (the active one when not given); `typed` is
   * what the user typed for this turn (leading the last message), and `fromPromptFiles` the parts
   * of it a prompt file's expansion put there, searched like an attachment.
   */
  async allows(
    messages: readonly Message[],
    typed: string | undefined,
    clusterId?: string,
    fromPromptFiles: readonly LabelledText[] = [],
  ): Promise<boolean> {
    const cluster = this.cluster(clusterId);
    const phrases = cluster?.actionPhrases ?? [];
    if (!cluster || phrases.length === 0) {
      return true;
    }
    const promptParts = fromPromptFiles.map((part) => ({ source: vscode.l10n.t('the prompt file {0}', part.source), text: part.text }));
    const matches = findActionPhrases(phrases, [...untypedParts(messages, typed), ...promptParts], { limit: 50 });
    return matches.length === 0 || (await this.ask({ cluster: clusterLabel(cluster), matches }));
  }
}

/** Every message as a labelled text, but for what the user typed for this turn. */
export function untypedParts(messages: readonly Message[], typed: string | undefined): LabelledText[] {
  const last = messages.length - 1;
  let number = 0;
  return messages.flatMap((message, index): LabelledText[] => {
    number += message.role === 'system' ? 0 : 1;
    if (message.role === 'system') {
      return systemMessageParts(message.content).map((part) => ({ source: systemPartName(part), text: part.text }));
    }
    if (index === last && message.role === 'user' && typed !== undefined && typed.length > 0 && message.content.startsWith(typed)) {
      return [{ source: vscode.l10n.t('the attachments of this message'), text: message.content.slice(typed.length) }];
    }
    const source =
      index === last
        ? vscode.l10n.t('the message being sent again')
        : message.role === 'assistant'
          ? vscode.l10n.t('earlier reply {0}', number)
          : vscode.l10n.t('earlier message {0}', number);
    return [{ source, text: message.content }];
  });
}

function systemPartName(part: SystemMessagePart): string {
  switch (part.kind) {
    case 'systemPrompt':
      return vscode.l10n.t('your system prompt');
    case 'instructionFile':
      return vscode.l10n.t('the instruction file {0}', part.source);
    case 'frame':
      return vscode.l10n.t('the system message');
  }
}

async function askInDialog(question: PhraseQuestion): Promise<boolean> {
  const send = vscode.l10n.t('Send Anyway');
  const places = question.matches
    .slice(0, SHOWN_MATCHES)
    .map(
      (match) =>
        `• ${vscode.l10n.t('“{0}” in {1}, line {2}: …{3}…', match.phrase, match.source, match.line, `${match.before}${match.match}${match.after}`)}`,
    );
  const more = question.matches.length > SHOWN_MATCHES ? [vscode.l10n.t('…and {0} more.', question.matches.length - SHOWN_MATCHES)] : [];
  const message = vscode.l10n.t(
    'This request carries an action phrase of cluster “{0}” in text you did not type now. Sent, it may run that action. Send it anyway?',
    question.cluster,
  );
  // Not sending comes first, so Enter, the dialog's default, keeps the action from running.
  const keep = vscode.l10n.t("Don't Send");
  const answer = await vscode.window.showWarningMessage(message, { modal: true, detail: [...places, ...more].join('\n') }, keep, send);
  return answer === send;
}
