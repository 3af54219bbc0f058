import * as vscode from 'vscode';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { namedCommand, slashLine } from '../common/slashInput';
import { ChatPrompts } from './chatPrompts';
import type { PromptCommandCache } from './promptCommandCache';
import type { PromptInsertion } from '../common/insertedPrompts';
import { PromptInsertions } from './promptInsertions';

/** What became of a `@cluster` request that may name a prompt file. */
export type ParticipantPromptOutcome = 'notAPrompt' | 'inInput' | 'notExpanded';

/** Puts text in VS Code's Chat input without sending it. */
export type OpenChatInput = (query: string) => Thenable<unknown>;

/** VS Code's own command; `isPartialQuery` leaves the text in the input unsent. */
const openInVsCodeChat: OpenChatInput = (query) =>
  vscode.commands.executeCommand('workbench.action.chat.open', { query, isPartialQuery: true });

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
  ) {}

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
