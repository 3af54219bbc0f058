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
