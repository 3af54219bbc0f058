import { systemMessageParts } from '../../instructions/common/systemMessageParts';

/** One part of a request's system message, and where it came from. */
export type SystemPart =
  | { readonly kind: 'systemPrompt'; readonly chars: number }
  /** An instruction file's block, named by its path as it is on the block's fence. */
  | { readonly kind: 'instructionFile'; readonly source: string; readonly chars: number; readonly cut: boolean };

interface BodyShape {
  readonly content?: { readonly messages?: readonly { readonly role?: unknown; readonly content?: unknown }[] };
}

/**
 * The parts of the system message in a request body as sent: the user's system prompt, then each
 * instruction file's block (as `instructions/common/instructionBlocks` writes them). Empty when the
 * body holds no system message or cannot be read (a body kept only in part).
 */
export function systemParts(body: string): SystemPart[] {
  let parsed: BodyShape;
  try {
    parsed = JSON.parse(body) as BodyShape;
  } catch {
    return [];
  }
  const first = parsed.content?.messages?.[0];
  if (first?.role !== 'system' || typeof first.content !== 'string') {
    return [];
  }
  return systemMessageParts(first.content).flatMap((part): SystemPart[] => {
    switch (part.kind) {
      case 'systemPrompt':
        return [{ kind: 'systemPrompt', chars: part.text.length }];
      case 'instructionFile':
        return [{ kind: 'instructionFile', source: part.source, chars: part.text.length, cut: part.cut }];
      case 'frame':
        return [];
    }
  });
}
