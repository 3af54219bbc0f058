/**
 * A prompt file's text with its variables filled in, for the composer (where it is read and
 * edited before anything is sent). The variables are the peers': Copilot's `${input:name}` and
 * `${input:name:placeholder}` (asked for), `${selection}` (and its older spelling
 * `${selectedText}`), `${file}` and `${fileBasename}`; Claude Code's and Roo's `$ARGUMENTS`, and
 * Continue's `{{{ input }}}`, for what was typed after the command. Values go in as they are, in
 * one pass, so a value that holds `${…}` is never expanded itself.
 */

export interface PromptInput {
  readonly name: string;
  /** What the box asking for the value shows while empty. */
  readonly placeholder?: string;
}

export interface PromptValues {
  /** By input name. */
  readonly inputs?: Readonly<Record<string, string>>;
  /** The active editor's selection ('' when nothing is selected). */
  readonly selection?: string;
  /** The active editor's file, as the user sees its path. */
  readonly file?: string;
  /** What was typed after `/name`. */
  readonly arguments?: string;
}

export interface PromptExpansion {
  readonly text: string;
  /** Variables left as written because no value was given: `input:topic`, `selection`, `file`, `fileBasename`. */
  readonly missing: readonly string[];
}

const VARIABLE =
  /\$\{(?:input:([^}:]+)(?::([^}]*))?|(selection|selectedText|file|fileBasename))\}|\$ARGUMENTS(?![A-Za-z0-9_])|\{\{\{\s*input\s*\}\}\}/g;

/** The inputs to ask for, each name once, in the order they first appear, with the first placeholder given. */
export function promptInputs(body: string): PromptInput[] {
  const inputs = new Map<string, PromptInput>();
  for (const match of body.matchAll(VARIABLE)) {
    const name = match[1]?.trim();
    if (name === undefined || name === '') {
      continue;
    }
    const placeholder = match[2];
    const known = inputs.get(name);
    if (known === undefined || (known.placeholder === undefined && placeholder !== undefined)) {
      inputs.set(name, placeholder === undefined ? { name } : { name, placeholder });
    }
  }
  return [...inputs.values()];
}

export function expandPrompt(body: string, values: PromptValues): PromptExpansion {
  const missing = new Set<string>();
  const typed = values.arguments?.trim() ?? '';
  let tookArguments = false;
  const text = body.trim().replace(VARIABLE, (whole, inputName: string | undefined, _placeholder, builtin: string | undefined) => {
    if (inputName !== undefined) {
      const name = inputName.trim();
      const inputs = values.inputs ?? {};
      if (name !== '' && Object.hasOwn(inputs, name)) {
        return inputs[name] ?? '';
      }
      missing.add(`input:${name}`);
      return whole;
    }
    if (builtin === undefined) {
      tookArguments = true;
      return typed;
    }
    const value = builtinValue(builtin, values);
    if (value === undefined) {
      missing.add(builtin === 'selectedText' ? 'selection' : builtin);
      return whole;
    }
    return value;
  });
  // A prompt that does not say where the typed text goes gets it at the end, where Roo puts it.
  const withArguments = !tookArguments && typed !== '' ? `${text}\n\n${typed}` : text;
  return { text: withArguments, missing: [...missing] };
}

function builtinValue(name: string, values: PromptValues): string | undefined {
  switch (name) {
    case 'selection':
    case 'selectedText':
      return values.selection;
    case 'file':
      return values.file;
    default:
      return values.file?.slice(Math.max(values.file.lastIndexOf('/'), values.file.lastIndexOf('\\')) + 1);
  }
}
