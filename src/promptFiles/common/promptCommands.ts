/**
 * Which prompt files may be offered as slash commands. A workspace prompt never takes a built-in
 * command's name: a cloned repository must not change what `/explain` does, nor what the user's own
 * prompt of that name does. Names compare without case, as the user types them. When two prompt
 * files share a name, the user's own wins, then the first workspace folder's, and within a folder
 * Copilot's, then Roo's, Cline's and Continue's, then the path's order.
 */
import type { PromptCommand, PromptKind } from './promptSources';

export interface UsablePrompts {
  readonly usable: readonly PromptCommand[];
  /** Prompts named like a built-in command, which keeps its meaning. */
  readonly shadowed: readonly PromptCommand[];
  /** Prompts named like a prompt listed earlier. */
  readonly duplicates: readonly PromptCommand[];
}

const KIND_ORDER: Record<PromptKind, number> = { userPrompt: -1, copilotPrompt: 0, rooCommand: 1, clineWorkflow: 2, continuePrompt: 3 };

/** `prompts` from the user's folder (folder `''`), then every workspace folder, listed in that order. */
export function usablePrompts(prompts: readonly PromptCommand[], builtinNames: Iterable<string>): UsablePrompts {
  const builtins = new Set([...builtinNames].map((name) => name.toLowerCase()));
  const folderOrder = new Map<string, number>();
  for (const prompt of prompts) {
    if (!folderOrder.has(prompt.folder)) {
      folderOrder.set(prompt.folder, folderOrder.size);
    }
  }
  const ordered = [...prompts].sort(
    (a, b) =>
      (folderOrder.get(a.folder) ?? 0) - (folderOrder.get(b.folder) ?? 0) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  const usable: PromptCommand[] = [];
  const shadowed: PromptCommand[] = [];
  const duplicates: PromptCommand[] = [];
  const taken = new Set<string>();
  for (const prompt of ordered) {
    const name = prompt.name.toLowerCase();
    if (builtins.has(name)) {
      shadowed.push(prompt);
    } else if (taken.has(name)) {
      duplicates.push(prompt);
    } else {
      taken.add(name);
      usable.push(prompt);
    }
  }
  return { usable, shadowed, duplicates };
}
