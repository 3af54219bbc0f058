import * as vscode from 'vscode';
import { isTextualMimeType, type LanguageModelMessageView, type LanguageModelPartView } from '../common/languageModelPrompt';
import type { Role } from '../../client/common/messages';
import { type LanguageModelChatRequestMessage, optionalVscodeClass } from './languageModelApi';

/** VS Code's system role (3) is newer than the oldest API we compile against. */
const SYSTEM_ROLE = 3;

/** VS Code's request messages as plain views for the common mapping to the spec's messages. */
export function toMessageViews(messages: readonly LanguageModelChatRequestMessage[]): LanguageModelMessageView[] {
  return messages.map((message) => ({ role: roleOf(message.role), parts: message.content.map(partView) }));
}

function roleOf(role: vscode.LanguageModelChatMessageRole): Role {
  if (role === vscode.LanguageModelChatMessageRole.Assistant) {
    return 'assistant';
  }
  return Number(role) === SYSTEM_ROLE ? 'system' : 'user';
}

function partView(part: unknown): LanguageModelPartView {
  if (part instanceof vscode.LanguageModelTextPart) {
    return { kind: 'text', text: part.value };
  }
  if (part instanceof vscode.LanguageModelToolCallPart) {
    return { kind: 'toolCall', name: part.name, input: part.input };
  }
  if (part instanceof vscode.LanguageModelToolResultPart) {
    return { kind: 'toolResult', text: part.content.map(resultText).join('') };
  }
  const DataPart = optionalVscodeClass('LanguageModelDataPart');
  if (DataPart && part instanceof DataPart) {
    const mimeType = stringField(part, 'mimeType') ?? 'application/octet-stream';
    const data: unknown = Reflect.get(part, 'data');
    return isTextualMimeType(mimeType) && data instanceof Uint8Array
      ? { kind: 'data', mimeType, text: new TextDecoder().decode(data) }
      : { kind: 'data', mimeType };
  }
  return { kind: 'unsupported' };
}

function resultText(part: unknown): string {
  if (part instanceof vscode.LanguageModelTextPart) {
    return part.value;
  }
  return typeof part === 'string' ? part : '';
}

function stringField(value: object, name: string): string | undefined {
  const field: unknown = Reflect.get(value, name);
  return typeof field === 'string' ? field : undefined;
}
