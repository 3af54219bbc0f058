import * as z from 'zod/mini';
import { CODE_ACTIONS, MAX_LINK_LENGTH, type WebviewToHostMessage } from './replyProtocol';

/** Checks what the reply view sends before the host acts on it; anything else is dropped. */

const ReadySchema = z.object({ type: z.literal('ready') });
const CodeActionSchema = z.object({
  type: z.literal('codeAction'),
  replyId: z.string().check(z.maxLength(200)),
  action: z.enum(CODE_ACTIONS),
  block: z.union([z.literal('all'), z.number().check(z.int(), z.gte(0), z.lte(100_000))]),
});
const OpenLinkSchema = z.object({ type: z.literal('openLink'), href: z.string().check(z.maxLength(MAX_LINK_LENGTH)) });

const WebviewToHostSchema = z.discriminatedUnion('type', [ReadySchema, CodeActionSchema, OpenLinkSchema]);

// The schema and the protocol's hand-written type must describe the same messages.
type Parsed = z.infer<typeof WebviewToHostSchema>;
const schemaMatchesProtocol: [Parsed] extends [WebviewToHostMessage] ? ([WebviewToHostMessage] extends [Parsed] ? true : false) : false = true;
void schemaMatchesProtocol;

/** The message if it is one the reply protocol allows, else undefined. */
export function parseWebviewMessage(raw: unknown): WebviewToHostMessage | undefined {
  const parsed = WebviewToHostSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
