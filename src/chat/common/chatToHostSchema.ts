import * as z from 'zod/mini';
import { type Immutable, schemaParser } from '../../webview/common/messageParser';
import { RECOVERY_ACTIONS } from '../../webview/common/recoveryActions';
import { CODE_ACTIONS, MAX_LINK_LENGTH } from '../../replies/common/replyProtocol';
import { MAX_DROPPED, MENTION_KINDS } from '../../mentions/common/mentionOptions';

/** What the chat view sends, declared once as the schema the host checks it with before acting; anything else is dropped. */

const text = (max: number) => z.string().check(z.maxLength(max));
const index = z.number().check(z.int(), z.gte(0), z.lte(1_000_000));
const id = text(200);

const ChatToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** The messages before `before`, asked for once the newest ones `chatState` brought are on screen. */
  z.object({ type: z.literal('loadEarlier'), conversationId: id, before: index }),
  /** Send the input text (with the pending attachments) as a new user message. */
  z.object({ type: z.literal('send'), text: text(1_000_000) }),
  z.object({ type: z.literal('stop') }),
  /** The unsent input changed (the webview debounces). */
  z.object({ type: z.literal('draftChanged'), text: text(1_000_000) }),
  z.object({ type: z.literal('regenerate') }),
  /** Replace user message `index` with `text` and send again; everything after it is dropped. */
  /** `inNewChat`: the messages before `index` and the edited one go into a new conversation; this one stays whole. */
  z.object({ type: z.literal('editAndResend'), index, text: text(1_000_000), inNewChat: z.boolean() }),
  /** Answered by `actionDone`. */
  z.object({ type: z.literal('copyMessage'), index }),
  /** Leave message `index` out of what is sent, or take it back in; answered by `excluded`. */
  z.object({ type: z.literal('setExcluded'), index, excluded: z.boolean() }),
  /** Continue in a new conversation holding the messages up to `index`; the host then sends its `chatState`. */
  z.object({ type: z.literal('forkConversation'), index }),
  /** Review the changes assistant message `index` proposes to the files its code blocks name. */
  z.object({ type: z.literal('reviewFiles'), index }),
  /** Restore the files assistant message `index`'s turn changed. */
  z.object({ type: z.literal('undoTurn'), index }),
  /** A code block action on an assistant message; answered by `actionDone` with the same `reply`. */
  z.object({
    type: z.literal('codeAction'),
    reply: z.object({ conversationId: id, index }),
    action: z.enum(CODE_ACTIONS),
    block: z.union([z.literal('all'), z.number().check(z.int(), z.gte(0), z.lte(100_000))]),
  }),
  z.object({ type: z.literal('addSelection') }),
  z.object({ type: z.literal('addFile') }),
  z.object({ type: z.literal('removeAttachment'), id }),
  z.object({ type: z.literal('switchConversation'), id }),
  z.object({ type: z.literal('renameConversation'), id }),
  z.object({ type: z.literal('deleteConversation'), id }),
  z.object({ type: z.literal('setSystemPrompt'), text: text(100_000) }),
  z.object({ type: z.literal('errorAction'), action: z.enum(RECOVERY_ACTIONS) }),
  z.object({ type: z.literal('selectCluster') }),
  /** Titles and message text of every conversation; answered by `searchResults` with the same `requestId`. An empty query ends the search. */
  z.object({ type: z.literal('searchHistory'), requestId: index, query: text(1000) }),
  /** The history panel opened on a list without every conversation. */
  z.object({ type: z.literal('listHistory') }),
  /** Open an instruction file the host listed (`instructions`) in an editor. */
  z.object({ type: z.literal('openInstruction'), uri: text(4096) }),
  /** Turn a listed instruction file off for the sends of this workspace, or back on. */
  z.object({ type: z.literal('setInstructionOn'), uri: text(4096), on: z.boolean() }),
  /** Message `index` is being edited: which instructions it went with (an edit resends them), for the meter. */
  z.object({ type: z.literal('frozenInstructions'), index }),
  /** Expand the prompt command `/name arguments` the box holds; answered by `promptExpanded` with the same `line`. */
  z.object({ type: z.literal('expandPrompt'), line: text(1_000_000) }),
  /** An `@mention` is being typed; answered by `mentionOptions` with the same `requestId`. */
  z.object({ type: z.literal('mentionQuery'), requestId: index, query: text(200) }),
  /** A mention was chosen: attach what it names to the next message. */
  z.object({ type: z.literal('mention'), kind: z.enum(MENTION_KINDS), name: text(4096), ref: z.optional(text(4096)) }),
  /** Files or folders dropped on the message box (from the Explorer, an editor tab): mention each of the workspace. */
  z.object({ type: z.literal('dropUris'), uris: z.array(text(4096)).check(z.maxLength(MAX_DROPPED)) }),
  /** A line that looks like a path was pasted into the box: mention it if it names a workspace file. */
  z.object({ type: z.literal('pastedPath'), text: text(4096) }),
  z.object({ type: z.literal('openLink'), href: text(MAX_LINK_LENGTH) }),
]);

export type ChatToHostMessage = Immutable<z.output<typeof ChatToHostSchema>>;

/** The message if the chat protocol allows it, else undefined. */
export const parseChatMessage = schemaParser(ChatToHostSchema);
