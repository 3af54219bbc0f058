import * as vscode from 'vscode';
import { exchangeFromMetadata, type ParticipantExchange } from '../common/participantPrompt';

/**
 * The earlier `@cluster` exchanges of this chat, exactly as they were sent and answered: each
 * successful response keeps them in its result's metadata. Failed, cancelled or help-only turns
 * have none and are left out, so the cluster never sees our own notes or an unanswered message.
 */
export function exchangesFromHistory(history: ReadonlyArray<vscode.ChatRequestTurn | vscode.ChatResponseTurn>): ParticipantExchange[] {
  return history.flatMap((turn) => {
    const exchange = turn instanceof vscode.ChatResponseTurn ? exchangeFromMetadata(turn.result.metadata) : undefined;
    return exchange ? [exchange] : [];
  });
}
