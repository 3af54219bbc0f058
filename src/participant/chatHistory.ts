import * as vscode from 'vscode';
import { actionForCommand, type ParticipantTurn } from '../core/participantPrompt';
import { settings } from '../settings';
import { resolveReferences } from './chatReferences';

/**
 * Earlier turns of the chat as conversation turns: a request turn with its command's instruction
 * and its references read again, a response turn as the markdown it rendered.
 */
export async function turnsFromHistory(history: ReadonlyArray<vscode.ChatRequestTurn | vscode.ChatResponseTurn>): Promise<ParticipantTurn[]> {
  const turns: ParticipantTurn[] = [];
  for (const turn of history) {
    if (turn instanceof vscode.ChatRequestTurn) {
      const action = actionForCommand(turn.command);
      const { attachments } = await resolveReferences(turn.references);
      turns.push({ role: 'user', prompt: turn.prompt, attachments, ...(action ? { instruction: settings.instruction(action) } : {}) });
    } else if (turn instanceof vscode.ChatResponseTurn) {
      turns.push({ role: 'assistant', text: renderedMarkdown(turn) });
    }
  }
  return turns;
}

function renderedMarkdown(turn: vscode.ChatResponseTurn): string {
  return turn.response
    .map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : ''))
    .join('');
}
