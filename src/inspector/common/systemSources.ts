import { INSTRUCTIONS_INTRO } from '../../instructions/common/instructionBlocks';

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
  const system = first.content;
  const intro = system.startsWith(INSTRUCTIONS_INTRO) ? 0 : system.indexOf(`\n\n${INSTRUCTIONS_INTRO}`);
  if (intro === -1) {
    return system.trim() === '' ? [] : [{ kind: 'systemPrompt', chars: system.length }];
  }
  const prompt: SystemPart[] = intro > 0 ? [{ kind: 'systemPrompt', chars: intro }] : [];
  return [...prompt, ...instructionBlocks(system.slice(intro).split('\n'))];
}

/** Each fenced block after the intro: a fence of three or more backticks or tildes with the source as its info string. */
function instructionBlocks(lines: readonly string[]): SystemPart[] {
  const parts: SystemPart[] = [];
  let open: { readonly fence: string; readonly source: string; readonly content: string[] } | undefined;
  for (const line of lines) {
    if (open === undefined) {
      const fence = /^(`{3,}|~{3,})(.+)$/.exec(line);
      if (fence?.[1] !== undefined && fence[2] !== undefined) {
        open = { fence: fence[1], source: fence[2], content: [] };
      }
    } else if (line === open.fence) {
      const content = open.content.join('\n');
      const cut = /\n\[cut at \d+ characters of \d+\]$/.exec(content);
      parts.push({ kind: 'instructionFile', source: open.source, chars: cut ? cut.index : content.length, cut: cut !== null });
      open = undefined;
    } else {
      open.content.push(line);
    }
  }
  return parts;
}
