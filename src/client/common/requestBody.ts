import type { ClusterRequestBody, Message } from './messages';

/**
 * Body of `POST /clusters` for `messages`: what the client sends and what the chat's context meter
 * measures. Free of the schemas, so the webview bundle can take it without zod.
 */
export function buildRequestBody(messages: readonly Message[]): ClusterRequestBody {
  return { content: { messages: messages.map((m) => ({ role: m.role, content: m.content })) } };
}
