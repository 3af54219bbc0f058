import * as z from 'zod/mini';
import { messageParser } from '../../webview/common/messageParser';
import { CODE_ACTIONS, MAX_MESSAGE_LENGTH, type HostToWebviewMessage, type ReplyViewModel } from './replyProtocol';

/**
 * Checks what the reply view receives from the host, and the reply it saved in its own state,
 * before either touches the DOM. Anything malformed is refused as a whole; only the known fields
 * are kept.
 */

const replyId = z.string().check(z.maxLength(200));
const label = z.string().check(z.maxLength(4096));

const ReplySchema = z.object({
  replyId,
  title: label,
  cluster: label,
  markdown: z.string().check(z.maxLength(MAX_MESSAGE_LENGTH)),
  actions: z.pipe(
    z.array(z.enum(CODE_ACTIONS)).check(z.maxLength(20)),
    z.transform((actions) => [...new Set(actions)]),
  ),
});

const HostToReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('showReply'), reply: ReplySchema }),
  z.object({ type: z.literal('actionDone'), replyId, action: z.enum(CODE_ACTIONS), ok: z.boolean() }),
]);

/** The message if it is a well-formed HostToWebviewMessage, else undefined. */
export const parseHostMessage = messageParser<HostToWebviewMessage, z.output<typeof HostToReplySchema>>(HostToReplySchema);

/** The reply if it is a well-formed ReplyViewModel, else undefined. */
export const parseReplyViewModel = messageParser<ReplyViewModel, z.output<typeof ReplySchema>>(ReplySchema);
