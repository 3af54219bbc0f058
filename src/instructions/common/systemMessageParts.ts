import { INSTRUCTIONS_INTRO } from './instructionBlocks';

/** One part of a system message as `composeSystemMessage` writes it, with where it came from. */
export type SystemMessagePart =
  | { readonly kind: 'systemPrompt'; readonly text: string }
  /** An instruction file's block: its name as on the fence, and its content without the cut note. */
  | { readonly kind: 'instructionFile'; readonly source: string; readonly text: string; readonly cut: boolean }
  /** What names the parts (the intro line and the fences), and any text outside a closed block. */
  | { readonly kind: 'frame'; readonly text: string };

const CUT_NOTE = /\n\[cut at \d+ characters of \d+\]$/;

/**
 * A system message split back into the user's prompt and each instruction file's block. Every
 * character of the message is in one part, so a reader that searches the parts misses nothing.
 */
export function systemMessageParts(system: string): SystemMessagePart[] {
  const intro = system.startsWith(INSTRUCTIONS_INTRO) ? 0 : system.indexOf(`\n\n${INSTRUCTIONS_INTRO}`);
  if (intro === -1) {
    return system.trim() === '' ? [] : [{ kind: 'systemPrompt', text: system }];
  }
  const prompt: SystemMessagePart[] = intro > 0 ? [{ kind: 'systemPrompt', text: system.slice(0, intro) }] : [];
  return [...prompt, ...blockParts(system.slice(intro).split('\n'))];
}

/** Each fenced block after the intro: a fence of three or more backticks or tildes with the source as its info string. */
function blockParts(lines: readonly string[]): SystemMessagePart[] {
  const parts: SystemMessagePart[] = [];
  const frame: string[] = [];
  let open: { readonly line: string; readonly fence: string; readonly source: string; readonly content: string[] } | undefined;
  for (const line of lines) {
    if (open === undefined) {
      const fence = /^(`{3,}|~{3,})(.+)$/.exec(line);
      if (fence?.[1] !== undefined && fence[2] !== undefined) {
        open = { line, fence: fence[1], source: fence[2], content: [] };
      } else {
        frame.push(line);
      }
    } else if (line === open.fence) {
      const content = open.content.join('\n');
      const cut = CUT_NOTE.exec(content);
      parts.push({ kind: 'instructionFile', source: open.source, text: cut ? content.slice(0, cut.index) : content, cut: cut !== null });
      frame.push(open.line, line);
      open = undefined;
    } else {
      open.content.push(line);
    }
  }
  if (open !== undefined) {
    frame.push(open.line, ...open.content);
  }
  return [...parts, { kind: 'frame', text: frame.join('\n') }];
}
