import * as vscode from 'vscode';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { namedCommand, slashLine } from '../common/slashInput';
import { ChatPrompts } from './chatPrompts';
import type { CachedPrompt, PromptCommandCache } from './promptCommandCache';
import type { PromptInsertion } from '../common/insertedPrompts';
import { PromptInsertions } from './promptInsertions';

/** What became of a `@cluster` request that may name a prompt file. */
export type ParticipantPromptOutcome = 'notAPrompt' | 'inInput' | 'notExpanded';

/**
 * What became of `@cluster /prompt`: none to list (`noneInRestrictedMode` when the workspace's are
 * not used for want of trust), none picked, or what became of the one picked.
 */
export type PromptPickOutcome = Exclude<ParticipantPromptOutcome, 'notAPrompt'> | 'noneToPick' | 'noneInRestrictedMode' | 'notPicked';

/** Lets the user pick one of `prompts`, by keyboard or pointer, filtering as they type. */
export type PickPrompt = (prompts: readonly CachedPrompt[]) => Thenable<CachedPrompt | undefined>;

/** Puts text in VS Code's Chat input without sending it. */
export type OpenChatInput = (query: string) => Thenable<unknown>;

/** VS Code's own command; `isPartialQuery` leaves the text in the input unsent. */
const openInVsCodeChat: OpenChatInput = (query) =>
  vscode.commands.executeCommand('workbench.action.chat.open', { query, isPartialQuery: true });

const pickInQuickPick: PickPrompt = async (prompts) => {
  const picked = await vscode.window.showQuickPick(
    prompts.map((prompt) => ({
      label: `/${prompt.command.name}`,
      description: prompt.command.description,
      detail: [prompt.command.argumentHint, vscode.workspace.asRelativePath(prompt.uri)].filter(Boolean).join(' · '),
      prompt,
    })),
    {
      title: vscode.l10n.t('Run a Prompt File'),
      placeHolder: vscode.l10n.t('Type to filter; it goes into the chat input to read and edit'),
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  return picked?.prompt;
};

/**
 * `@cluster /name arguments` in VS Code's Chat, where `name` is one of the workspace's prompt files:
 * VS Code knows a participant's commands from its manifest only, so the line arrives as text. It is
 * expanded as in the Cluster Chat view, and the expansion goes back into the Chat input after
 * `@cluster`, to be read and edited: a prompt file is never sent on its own.
 */
export class ParticipantPrompts {
  /** The expansions put into VS Code's Chat input, for the request that comes back with them. */
  private readonly insertions = new PromptInsertions();

  constructor(
    private readonly cache: PromptCommandCache,
    private readonly ignore: Pick<WorkspaceIgnore, 'allows'>,
    private readonly openInput: OpenChatInput = openInVsCodeChat,
    private readonly pickPrompt: PickPrompt = pickInQuickPick,
    private readonly trusted: () => boolean = () => vscode.workspace.isTrusted,
  ) {}

  /**
   * `@cluster /prompt [name] [arguments]`: the prompt file `name` names, else the one picked from
   * the list, expanded with the arguments as `/name arguments` would be.
   */
  async pick(text: string): Promise<PromptPickOutcome> {
    // `/prompt /review`: the second slash is the user's way of naming one, not part of the name.
    const typed = text.trim().replace(/^\//, '');
    const named = typed === '' ? 'notAPrompt' : await this.expand(`/${typed}`);
    if (named !== 'notAPrompt') {
      return named;
    }
    const prompts = await this.cache.usable();
    if (prompts.length === 0) {
      return this.trusted() ? 'noneToPick' : 'noneInRestrictedMode';
    }
    const picked = await this.pickPrompt(prompts);
    return picked ? this.expandNamed(`/${picked.command.name}${typed ? ` ${typed}` : ''}`) : 'notPicked';
  }

  private async expandNamed(line: string): Promise<Exclude<ParticipantPromptOutcome, 'notAPrompt'>> {
    const outcome = await this.expand(line);
    // The name was one of the listed prompts a moment ago: gone since is not expanded.
    return outcome === 'notAPrompt' ? 'notExpanded' : outcome;
  }

  async expand(prompt: string): Promise<ParticipantPromptOutcome> {
    const typed = slashLine(prompt);
    // In Restricted Mode only the user's own prompts are listed: a workspace's is not a prompt there.
    if (typed === undefined) {
      return 'notAPrompt';
    }
    const usable = (await this.cache.usable()).map((each) => ({ name: each.command.name }));
    if (namedCommand(usable, typed.name) === undefined) {
      return 'notAPrompt';
    }
    let expanded: string | undefined;
    const prompts = new ChatPrompts(
      this.cache,
      this.ignore,
      (message) => {
        if (message.type === 'promptExpanded') {
          expanded = message.text;
        }
      },
      this.insertions,
    );
    try {
      await prompts.expand(prompt.trim());
    } finally {
      prompts.dispose();
    }
    if (expanded === undefined) {
      return 'notExpanded';
    }
    await this.openInput(`@cluster ${expanded}`);
    return 'inInput';
  }

  /** What of `prompt`, a request's text, an expansion put into the Chat input: a prompt file's words, not the user's. */
  fromPromptFiles(prompt: string): PromptInsertion[] {
    return this.insertions.within(prompt);
  }
}
