import * as vscode from 'vscode';
import { findHiddenUnicode, type HiddenRun, revealHiddenUnicode } from '../../guards/common/hiddenUnicode';
import type { CachedInstruction } from './instructionFileCache';

/** What the user is asked before an instruction file first goes out, or goes out changed. */
export interface InstructionQuestion {
  /** The name on its block (the path, after the folder's name in a multi-root workspace). */
  readonly source: string;
  readonly uri: vscode.Uri;
  /** The file as the cluster would read it, hidden characters shown as markers. */
  readonly shownText: string;
  readonly hidden: readonly HiddenRun[];
  /** Sent before with other content: it changed since. */
  readonly changed: boolean;
}

/** Send it (and remember this content), turn the file off, or (undefined) send nothing at all. */
export type InstructionAnswer = 'send' | 'turnOff' | undefined;
export type AskInstruction = (question: InstructionQuestion) => Thenable<InstructionAnswer>;

const APPROVED_KEY = 'clusterChat.instructions.approved';
const TURNED_OFF_KEY = 'clusterChat.instructions.turnedOff';
/** As much of the file as a dialog shows well; the button opens the whole file. */
const SHOWN_CHARS = 1500;

/**
 * Which instruction files the user agreed to send, each for its content (by hash): a file from a
 * cloned repository could carry a phrase that fires a cluster's action on every turn, so none goes
 * out unseen, and none goes out changed without being seen again. Kept per workspace.
 */
export class InstructionApprovals {
  constructor(
    private readonly state: vscode.Memento,
    private readonly ask: AskInstruction = askInDialog,
  ) {}

  isTurnedOff(file: CachedInstruction): boolean {
    return this.turnedOff().includes(file.uri.toString());
  }

  async setTurnedOff(uri: vscode.Uri, off: boolean): Promise<void> {
    const others = this.turnedOff().filter((each) => each !== uri.toString());
    await this.state.update(TURNED_OFF_KEY, off ? [...others, uri.toString()] : others);
  }

  /** Whether a send would ask about the file first: it is new to the user, or changed since the yes. */
  pending(file: CachedInstruction): 'new' | 'changed' | undefined {
    const before = this.approved()[file.uri.toString()];
    return before === file.hash ? undefined : before === undefined ? 'new' : 'changed';
  }

  /** Whether the file goes out with this send: asked when it is new to the user or changed. */
  async approve(file: CachedInstruction, source: string): Promise<InstructionAnswer> {
    const approved = this.approved();
    const before = approved[file.uri.toString()];
    if (before === file.hash) {
      return 'send';
    }
    const hidden = findHiddenUnicode(file.text);
    const answer = await this.ask({
      source,
      uri: file.uri,
      shownText: revealHiddenUnicode(file.text, hidden),
      hidden,
      changed: before !== undefined,
    });
    if (answer === 'send') {
      await this.state.update(APPROVED_KEY, { ...approved, [file.uri.toString()]: file.hash });
    } else if (answer === 'turnOff') {
      await this.setTurnedOff(file.uri, true);
    }
    return answer;
  }

  private approved(): Record<string, string> {
    return this.state.get<Record<string, string>>(APPROVED_KEY, {});
  }

  private turnedOff(): string[] {
    return this.state.get<string[]>(TURNED_OFF_KEY, []);
  }
}

/** The question as a modal dialog: the file's start, hidden characters flagged, and Open File to read it whole. */
async function askInDialog(question: InstructionQuestion): Promise<InstructionAnswer> {
  const send = vscode.l10n.t('Send');
  const turnOff = vscode.l10n.t('Turn Off');
  const open = vscode.l10n.t('Open File');
  const message = question.changed
    ? vscode.l10n.t('The instruction file {0} changed since it was last sent. Send it to the cluster with this message?', question.source)
    : vscode.l10n.t('Send the instruction file {0} to the cluster with this message?', question.source);
  const warning =
    question.hidden.length > 0
      ? `${vscode.l10n.t('Warning: it holds {0} hidden character(s), shown below as ⟦…⟧; a cluster reads them, you do not see them in an editor.', question.hidden.length)}\n\n`
      : '';
  const shown = question.shownText.length > SHOWN_CHARS ? `${question.shownText.slice(0, SHOWN_CHARS)}…` : question.shownText;
  const answer = await vscode.window.showWarningMessage(message, { modal: true, detail: `${warning}${shown}` }, send, turnOff, open);
  if (answer === open) {
    await vscode.window.showTextDocument(question.uri, { preview: true });
    return undefined;
  }
  return answer === send ? 'send' : answer === turnOff ? 'turnOff' : undefined;
}
