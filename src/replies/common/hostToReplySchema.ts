import * as z from 'zod/mini';
import { type Immutable, schemaParser } from '../../webview/common/messageParser';
import { CODE_ACTIONS, MAX_MESSAGE_LENGTH } from './replyProtocol';

/**
 * What the host sends the reply view, declared once as the schemas that check it, and the reply it
 * saved in its own state, before either touches the DOM. Anything malformed is refused as a whole;
 * only the known fields are kept.
 */

const replyId = z.string().check(z.maxLength(200));
const label = z.string().check(z.maxLength(4096));

/** A reply as the reply view shows it. */
const ReplySchema = z.object({
  /** Opaque id the host uses to find the reply when an action comes back. */
  replyId,
  /** e.g. "Explain · hello.ts". */
  title: label,
  /** The cluster's label (or id). */
  cluster: label,
  /** The assistant message, markdown. */
  markdown: z.string().check(z.maxLength(MAX_MESSAGE_LENGTH)),
  /** Which actions to offer; the webview shows only these. */
  actions: z.pipe(
    z.array(z.enum(CODE_ACTIONS)).check(z.maxLength(20)),
    z.transform((actions) => [...new Set(actions)]),
  ),
});

const HostToReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('showReply'), reply: ReplySchema }),
  z.object({ type: z.literal('actionDone'), replyId, action: z.enum(CODE_ACTIONS), ok: z.boolean() }),
]);

export type ReplyViewModel = Immutable<z.output<typeof ReplySchema>>;
export type HostToWebviewMessage = Immutable<z.output<typeof HostToReplySchema>>;

/** The message if it is a well-formed HostToWebviewMessage, else undefined. */
export const parseHostMessage = schemaParser(HostToReplySchema);

/** The reply if it is a well-formed ReplyViewModel, else undefined. */
export const parseReplyViewModel = schemaParser(ReplySchema);
