import type { ReplyViewModel } from '../common/hostToReplySchema';
import { parseReplyViewModel } from '../common/hostToReplySchema';

/** What the reply view saves with `setState`, so a hidden or restored panel shows its reply again. */
export interface ReplyState {
  readonly view: 'reply';
  readonly reply: ReplyViewModel;
}

export function replyState(reply: ReplyViewModel): ReplyState {
  return { view: 'reply', reply };
}

/** The reply in saved state, if the state is a well-formed reply state. */
export function savedReply(state: unknown): ReplyViewModel | undefined {
  if (typeof state !== 'object' || state === null || !('view' in state) || state.view !== 'reply' || !('reply' in state)) {
    return undefined;
  }
  return parseReplyViewModel(state.reply);
}
