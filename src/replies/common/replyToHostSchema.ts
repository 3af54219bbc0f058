import * as z from 'zod/mini';
import { type Immutable, schemaParser } from '../../webview/common/messageParser';
import { CODE_ACTIONS, MAX_LINK_LENGTH } from './replyProtocol';

/** What the reply view sends, declared once as the schema the host checks it with before acting; anything else is dropped. */

const ReadySchema = z.object({ type: z.literal('ready') });
const CodeActionSchema = z.object({
  type: z.literal('codeAction'),
  replyId: z.string().check(z.maxLength(200)),
  action: z.enum(CODE_ACTIONS),
  block: z.union([z.literal('all'), z.number().check(z.int(), z.gte(0), z.lte(100_000))]),
});
const OpenLinkSchema = z.object({ type: z.literal('openLink'), href: z.string().check(z.maxLength(MAX_LINK_LENGTH)) });

const WebviewToHostSchema = z.discriminatedUnion('type', [ReadySchema, CodeActionSchema, OpenLinkSchema]);

export type WebviewToHostMessage = Immutable<z.output<typeof WebviewToHostSchema>>;

/** The message if the reply protocol allows it, else undefined. */
export const parseWebviewMessage = schemaParser(WebviewToHostSchema);
