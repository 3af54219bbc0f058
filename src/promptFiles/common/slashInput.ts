/**
 * What the chat's message box holds, read as a slash command: `/name` being typed (the suggestions
 * follow it), or a whole `/name arguments` line to expand. Only the box's start counts, so a `/`
 * further on (a path, a fraction) is never a command.
 */

interface Named {
  readonly name: string;
}

/** The most suggestions listed at once; typing narrows them. */
export const MAX_SUGGESTIONS = 50;

/** The name typed so far while the box holds only `/` and a name: the suggestions' filter. */
export function typedCommandPrefix(text: string): string | undefined {
  const match = /^\/([^\s/]*)$/u.exec(text);
  return match?.[1];
}

/** The box's text as `/name arguments`; undefined when it does not start with a command. */
export function slashLine(text: string): { readonly name: string; readonly arguments: string } | undefined {
  const match = /^\/([^\s/]+)(?:\s+([\s\S]*))?$/u.exec(text.trim());
  if (!match?.[1]) {
    return undefined;
  }
  return { name: match[1], arguments: (match[2] ?? '').trim() };
}

/** The commands whose names start with `prefix` (case aside), in their order, at most MAX_SUGGESTIONS. */
export function matchingCommands<Command extends Named>(commands: readonly Command[], prefix: string): Command[] {
  const wanted = prefix.toLowerCase();
  return commands.filter((command) => command.name.toLowerCase().startsWith(wanted)).slice(0, MAX_SUGGESTIONS);
}

/** The command a line names (case aside), if it is one of `commands`. */
export function namedCommand<Command extends Named>(commands: readonly Command[], name: string): Command | undefined {
  const wanted = name.toLowerCase();
  return commands.find((command) => command.name.toLowerCase() === wanted);
}
