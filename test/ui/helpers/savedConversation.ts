/** Where the extension keeps a conversation, relative to the profile folder (Workbench `userData`). */
export function conversationPath(id: string): string {
  return `User/globalStorage/clusterchat.cluster-chat/conversations/${id}.json`;
}

/**
 * A conversation file as the extension saves it, dated in the far future so it is the one the chat
 * opens. Assistant messages are attributed to the `demo` cluster.
 */
export function savedConversation(
  id: string,
  title: string,
  messages: ReadonlyArray<{ readonly role: 'user' | 'assistant'; readonly content: string }>,
): string {
  const at = '2026-11-21T10:00:00.000Z';
  return JSON.stringify({
    version: 1,
    id,
    title,
    createdAt: at,
    updatedAt: '2999-01-01T00:00:00.000Z',
    systemPrompt: '',
    messages: messages.map((message) => (message.role === 'assistant' ? { ...message, cluster: 'demo', at } : { ...message, at })),
    draft: '',
  });
}
