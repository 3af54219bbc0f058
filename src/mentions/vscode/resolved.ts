import type { Attachment } from '../../conversations/common/conversation';

export type MentionContent = Omit<Attachment, 'id'>;

/** What a mention attaches, or what the user is told instead (nothing to attach, or left out). */
export type Resolved = { readonly attachment: MentionContent } | { readonly told: string };
