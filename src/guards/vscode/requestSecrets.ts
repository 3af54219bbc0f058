import type { Message } from '../../client/common/messages';
import type { GuardedPart } from '../common/secretSources';
import type { SecretGuard } from './secretGuard';

/**
 * A request's messages after the secret guard: the system message is read as the instruction files
 * it carries, every other message as the text sent about `about` (a workspace path, or '' when the
 * request is about no file). Undefined when the user chose to send nothing.
 */
export async function guardRequestSecrets(
  guard: Pick<SecretGuard, 'guard'>,
  messages: readonly Message[],
  about: string,
): Promise<Message[] | undefined> {
  const parts = messages.map((message): GuardedPart =>
    message.role === 'system'
      ? { origin: 'instructions', name: '', text: message.content }
      : { origin: 'request', name: about, text: message.content },
  );
  const texts = await guard.guard(parts);
  return texts === undefined ? undefined : messages.map((message, index) => ({ ...message, content: texts[index] ?? message.content }));
}
