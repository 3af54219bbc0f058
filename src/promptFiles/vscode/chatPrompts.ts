import * as vscode from 'vscode';
import type { HostToChatMessage, PromptCommandView } from '../../chat/common/chatProtocol';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { findHiddenUnicode, revealHiddenUnicode } from '../../guards/common/hiddenUnicode';
import { expandPrompt, promptInputs, type PromptValues } from '../common/promptExpansion';
import { namedCommand, slashLine } from '../common/slashInput';
import type { CachedPrompt, PromptCommandCache } from './promptCommandCache';
import type { PromptInsertions } from './promptInsertions';

type PromptMessage = Extract<HostToChatMessage, { type: 'promptCommands' | 'promptExpanded' }>;

/**
 * The chat view's side of the prompt files: the list of commands it offers (posted again whenever
 * the files change), and `/name arguments` expanded into text for the box. The values of
 * `${input:…}` are asked for one by one; Escape on any of them ends the expansion with the box
 * unchanged. The expansion goes back to the box only, to be read and edited; nothing is sent here.
 * Hidden characters in it are made visible, since what the user reads there is what is sent.
 */
export class ChatPrompts implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;
  private generation = 0;

  constructor(
    private readonly cache: PromptCommandCache,
    private readonly ignore: Pick<WorkspaceIgnore, 'allows'>,
    private readonly post: (message: PromptMessage) => void,
    /** Told of each expansion put into the box, so a send knows which of its text a prompt file wrote. */
    private readonly insertions?: PromptInsertions,
  ) {
    this.subscription = cache.onDidChange(() => this.refresh());
  }

  /** Posts the commands offered now; of overlapping calls only the last one posts. */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    const usable = await this.cache.usable();
    if (generation === this.generation) {
      this.post({ type: 'promptCommands', commands: usable.map(commandView) });
    }
  }

  /** Expands the command `line` names and posts the text; tells the user why when it cannot. */
  async expand(line: string): Promise<void> {
    const typed = slashLine(line);
    if (typed === undefined) {
      return;
    }
    const listed = namedCommand(
      (await this.cache.usable()).map((prompt) => ({ name: prompt.command.name, prompt })),
      typed.name,
    );
    if (listed === undefined && !vscode.workspace.isTrusted) {
      // Only the user's own prompts are listed there.
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Prompt files are not used in Restricted Mode. Trust this workspace to run /{0}.', typed.name),
      );
      return;
    }
    const prompt = listed && (await this.cache.current(listed.prompt));
    if (prompt === undefined) {
      void vscode.window.showWarningMessage(
        listed
          ? vscode.l10n.t(
              'The prompt file {0} is gone or no longer a command, so /{1} was not expanded.',
              sourceOf(listed.prompt),
              typed.name,
            )
          : vscode.l10n.t('No prompt file makes the command /{0}.', typed.name),
      );
      return;
    }
    const values = await this.valuesFor(prompt, typed.arguments);
    if (values === undefined) {
      return;
    }
    const expansion = expandPrompt(prompt.command.body, values);
    if (expansion.missing.length > 0) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          '/{0}: left as written, for lack of a value: {1}',
          prompt.command.name,
          expansion.missing.map((each) => `\${${each}}`).join(', '),
        ),
      );
    }
    // The box would show hidden characters as nothing, and a cluster reads them: they go in as visible markers.
    const hidden = findHiddenUnicode(expansion.text);
    if (hidden.length > 0) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          '/{0}: the text holds {1} hidden character(s) (bidi overrides, zero-width or tag characters); they are shown in the box as ⟦…⟧ markers. Read them before you send.',
          prompt.command.name,
          hidden.length,
        ),
      );
    }
    const text = hidden.length > 0 ? revealHiddenUnicode(expansion.text, hidden) : expansion.text;
    this.insertions?.record({ source: sourceOf(prompt), text });
    this.post({ type: 'promptExpanded', line, text });
  }

  /** The values to fill in; undefined when the user cancelled an input. */
  private async valuesFor(prompt: CachedPrompt, typedArguments: string): Promise<PromptValues | undefined> {
    const inputs: Record<string, string> = {};
    for (const input of promptInputs(prompt.command.body)) {
      const value = await vscode.window.showInputBox({
        title: `/${prompt.command.name}`,
        prompt: vscode.l10n.t('{0} (asked for by {1})', input.name, sourceOf(prompt)),
        placeHolder: input.placeholder,
        ignoreFocusOut: true,
      });
      if (value === undefined) {
        return undefined;
      }
      inputs[input.name] = value;
    }
    const editor = vscode.window.activeTextEditor;
    const document = editor?.document;
    // The active file's text goes into the box as the user's own words would: not when `.clusterignore` keeps it in.
    const allowed = document !== undefined && (await this.ignore.allows(document.uri));
    return {
      inputs,
      arguments: typedArguments,
      ...(editor && allowed
        ? { selection: editor.document.getText(editor.selection), file: vscode.workspace.asRelativePath(editor.document.uri) }
        : {}),
    };
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

function sourceOf(prompt: CachedPrompt): string {
  // The user's own are named as the user knows them (`~/…`); a workspace's by its path in the workspace.
  return prompt.command.kind === 'userPrompt' ? prompt.command.path : vscode.workspace.asRelativePath(prompt.uri);
}

function commandView(prompt: CachedPrompt): PromptCommandView {
  const { name, description, argumentHint } = prompt.command;
  return {
    name,
    source: sourceOf(prompt),
    ...(description === undefined ? {} : { description }),
    ...(argumentHint === undefined ? {} : { argumentHint }),
  };
}
