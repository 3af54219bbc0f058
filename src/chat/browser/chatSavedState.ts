import { parseSavedDraft } from '../common/hostToChatSchema';

/**
 * What the chat view saves with `setState`: only the unsent draft, as a fallback for the moment
 * before the host's state arrives. The host remains the source of truth.
 */
export interface ChatSavedState {
  readonly view: 'chat';
  readonly draft: string;
}

export function chatSavedState(draft: string): ChatSavedState {
  return { view: 'chat', draft };
}

/** The draft in saved state, if the state is a well-formed chat state. */
export function savedDraft(state: unknown): string | undefined {
  return parseSavedDraft(state);
}
