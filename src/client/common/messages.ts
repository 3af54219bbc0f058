import * as z from 'zod/mini';

/** Roles the extension itself sends. The service documents these three. */
export const ROLES = ['system', 'user', 'assistant'] as const;
export type Role = (typeof ROLES)[number];

export const MessageSchema = z.object({
  role: z.enum(ROLES),
  content: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

/** Body of `POST /clusters`: the whole conversation, in order. */
export const ClusterRequestSchema = z.object({
  content: z.object({
    messages: z.array(MessageSchema).check(z.minLength(1)),
  }),
});
export type ClusterRequestBody = z.infer<typeof ClusterRequestSchema>;

/**
 * A message as a cluster may return it. Roles other than the three we send are tolerated in the
 * middle of a reply (the spec leaves them open); extra fields are accepted and dropped.
 */
export const ReplyMessageSchema = z.object({
  role: z.string(),
  content: z.string(),
});
export type ReplyMessage = z.infer<typeof ReplyMessageSchema>;

export const ClusterReplySchema = z.object({
  content: z.object({
    messages: z.array(ReplyMessageSchema),
  }),
});
export type ClusterReplyBody = z.infer<typeof ClusterReplySchema>;

/*
 * Every request checks the conversation it sends and the reply it gets. zod/mini parses by building a
 * copy of every message through generic per-field steps, a large part of the client's own time on a
 * small reply. These guards accept exactly what the schemas above accept (a unit test holds them to
 * it) and copy nothing; the schemas stay the definition and describe what is wrong.
 */

/** What {@link ClusterRequestSchema} accepts as `content.messages`: at least one message, each with a role we send and a text. */
export function isSendableConversation(messages: unknown): messages is readonly Message[] {
  if (!Array.isArray(messages) || messages.length === 0) {
    return false;
  }
  for (const message of messages as unknown[]) {
    if (!isObject(message)) {
      return false;
    }
    const { role, content } = message as { role?: unknown; content?: unknown };
    if (typeof content !== 'string' || !(ROLES as readonly unknown[]).includes(role)) {
      return false;
    }
  }
  return true;
}

/** What {@link ClusterReplySchema} accepts; the extra fields it would drop are left in place (callers take only role and content). */
export function isClusterReplyBody(value: unknown): value is ClusterReplyBody {
  if (!isObject(value)) {
    return false;
  }
  const content: unknown = (value as { content?: unknown }).content;
  if (!isObject(content)) {
    return false;
  }
  const messages: unknown = (content as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) {
    return false;
  }
  for (const message of messages as unknown[]) {
    if (!isObject(message)) {
      return false;
    }
    const { role, content: text } = message as { role?: unknown; content?: unknown };
    if (typeof role !== 'string' || typeof text !== 'string') {
      return false;
    }
  }
  return true;
}

/** An object as zod's z.object takes one: not null, not an array. */
function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
