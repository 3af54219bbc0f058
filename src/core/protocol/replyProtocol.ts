import * as z from 'zod/mini';

/**
 * The typed messages between the extension host and its webviews. Everything a webview sends is
 * validated here before the host acts on it; anything else is dropped.
 */

/** What the user can do with a code block, or with the whole reply (`block: 'all'`). */
export const CODE_ACTIONS = ['copy', 'insert', 'replace', 'diff', 'newFile', 'continueInChat'] as const;
export type CodeAction = (typeof CODE_ACTIONS)[number];

/** A reply as the reply view shows it. */
export interface ReplyViewModel {
  /** Opaque id the host uses to find the reply when an action comes back. */
  readonly replyId: string;
  /** e.g. "Explain · hello.ts". */
  readonly title: string;
  /** The cluster's label (or id). */
  readonly cluster: string;
  /** The assistant message, markdown. */
  readonly markdown: string;
  /** Which actions to offer; the webview shows only these. */
  readonly actions: readonly CodeAction[];
}

export type HostToWebviewMessage =
  | { readonly type: 'showReply'; readonly reply: ReplyViewModel }
  | { readonly type: 'actionDone'; readonly replyId: string; readonly action: CodeAction; readonly ok: boolean };

const ReadySchema = z.object({ type: z.literal('ready') });
const CodeActionSchema = z.object({
  type: z.literal('codeAction'),
  replyId: z.string().check(z.maxLength(200)),
  action: z.enum(CODE_ACTIONS),
  block: z.union([z.literal('all'), z.number().check(z.int(), z.gte(0), z.lte(100_000))]),
});
const OpenLinkSchema = z.object({ type: z.literal('openLink'), href: z.string().check(z.maxLength(8192)) });

const WebviewToHostSchema = z.discriminatedUnion('type', [ReadySchema, CodeActionSchema, OpenLinkSchema]);
export type WebviewToHostMessage = z.infer<typeof WebviewToHostSchema>;

/** The message if it is one the protocol allows, else undefined. */
export function parseWebviewMessage(raw: unknown): WebviewToHostMessage | undefined {
  const parsed = WebviewToHostSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** True only for absolute http(s) links; everything else (javascript:, data:, command:, file:) is refused. */
export function isOpenableLink(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
