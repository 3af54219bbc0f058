import { insertedText, type PromptInsertion } from '../common/insertedPrompts';

/** Expansions older than these are no longer in anyone's box. */
const KEPT = 20;

/**
 * The prompt files' expansions lately put into the chat's box, newest first, so the send that
 * carries one can tell the action-phrase guard which of its text came from a file.
 */
export class PromptInsertions {
  private recent: PromptInsertion[] = [];

  record(insertion: PromptInsertion): void {
    this.recent = [insertion, ...this.recent.filter((each) => each.text !== insertion.text)].slice(0, KEPT);
  }

  /** What of the recorded expansions `message` still holds, each named by its prompt file. */
  within(message: string): PromptInsertion[] {
    return insertedText(this.recent, message);
  }
}
