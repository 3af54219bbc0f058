import type { Message, Role } from '../../client/common/messages';

/**
 * What a message handed to the language model provider holds, independent of the VS Code classes
 * it came in (the host translates those).
 */
export type LanguageModelPartView =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'toolCall'; readonly name: string; readonly input: unknown }
  | { readonly kind: 'toolResult'; readonly text: string }
  | { readonly kind: 'data'; readonly mimeType: string; readonly text?: string }
  | { readonly kind: 'unsupported' };

export interface LanguageModelMessageView {
  readonly role: Role;
  readonly parts: readonly LanguageModelPartView[];
}

/**
 * The spec's `{role, content}` messages for a language model request: each message's parts joined
 * into one text. The API takes text only, so tool calls and results become readable text, textual
 * data is inlined, and an image (which cannot be text) is named instead of silently dropped.
 * Messages left empty are skipped.
 */
export function toClusterMessages(messages: readonly LanguageModelMessageView[]): Message[] {
  const result: Message[] = [];
  for (const message of messages) {
    const content = message.parts.map(partText).join('');
    if (content.trim().length > 0) {
      result.push({ role: message.role, content });
    }
  }
  return result;
}

function partText(part: LanguageModelPartView): string {
  switch (part.kind) {
    case 'text':
      return part.text;
    case 'toolCall':
      return `\n[Tool call: ${part.name} ${safeJson(part.input)}]\n`;
    case 'toolResult':
      return `\n[Tool result]\n${part.text}\n`;
    case 'data':
      // Images are named so the cluster knows one was there; other binary parts (such as a caller's
      // cache markers) are not content and are left out.
      if (part.text !== undefined) {
        return part.text;
      }
      return /^image\//i.test(part.mimeType) ? `\n[${part.mimeType} image omitted: the cluster accepts text only]\n` : '';
    case 'unsupported':
      return '';
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Whether data of this MIME type is text the cluster can read. */
export function isTextualMimeType(mimeType: string): boolean {
  return /^text\//i.test(mimeType) || /[/+]json\b/i.test(mimeType) || /[/+]xml\b/i.test(mimeType);
}

/**
 * A rough token count (about four characters a token). The service publishes no tokenizer; VS Code
 * uses the figure only to budget prompts.
 */
export function estimateTokenCount(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The service publishes no limits, so these are what we tell VS Code a cluster accepts. */
export const MODEL_MAX_INPUT_TOKENS = 128_000;
export const MODEL_MAX_OUTPUT_TOKENS = 16_000;
export const MODEL_FAMILY = 'cluster';
export const MODEL_VERSION = 'v1';

export interface ClusterModelDescription {
  readonly id: string;
  readonly name: string;
  readonly family: string;
  readonly version: string;
  readonly detail: string;
  readonly tooltip: string;
  readonly maxInputTokens: number;
  readonly maxOutputTokens: number;
}

/** How a configured cluster appears in VS Code's model picker. The model id is the cluster id. */
export function describeClusterModel(cluster: { readonly id: string; readonly label?: string }, origin: string): ClusterModelDescription {
  return {
    id: cluster.id,
    name: cluster.label ?? cluster.id,
    family: MODEL_FAMILY,
    version: MODEL_VERSION,
    detail: 'Cluster Chat',
    tooltip: `Cluster ${cluster.id} at ${origin}`,
    maxInputTokens: MODEL_MAX_INPUT_TOKENS,
    maxOutputTokens: MODEL_MAX_OUTPUT_TOKENS,
  };
}
