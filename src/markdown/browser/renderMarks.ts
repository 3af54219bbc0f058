/**
 * Performance marks of a conversation's rendering, read by the rendering benchmark and visible in
 * the webview's developer tools: when the conversation arrived, when its newest messages were first
 * on screen, when all were, and when the first visible code block was highlighted.
 */
export const RENDER_MARKS = {
  received: 'cluster-chat:conversation-received',
  firstRender: 'cluster-chat:first-render',
  allRendered: 'cluster-chat:all-rendered',
  firstHighlight: 'cluster-chat:first-highlight',
} as const;

type RenderMark = (typeof RENDER_MARKS)[keyof typeof RENDER_MARKS];

/** Clears the marks of the previous conversation and marks this one's arrival. */
export function startRenderMarks(): void {
  for (const name of Object.values(RENDER_MARKS)) {
    performance.clearMarks(name);
  }
  performance.mark(RENDER_MARKS.received);
}

/** Marks `name` once per conversation, at the next frame (when what was added is laid out). */
export function markRenderOnce(name: RenderMark): void {
  if (performance.getEntriesByName(name, 'mark').length > 0) {
    return;
  }
  requestAnimationFrame(() => {
    if (performance.getEntriesByName(name, 'mark').length === 0) {
      performance.mark(name);
    }
  });
}
