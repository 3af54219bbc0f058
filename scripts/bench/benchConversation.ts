/** Where the extension keeps a saved conversation, relative to the profile (user data folder). */
export function conversationPath(id: string): string {
  return `User/globalStorage/clusterchat.cluster-chat/conversations/${id}.json`;
}

export interface BenchMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly cluster?: string;
}

/**
 * `count` messages alternating questions and answers; two replies in five hold a TypeScript block
 * (1,000 messages: 200 code blocks).
 */
export function benchMessages(count: number): BenchMessage[] {
  return Array.from({ length: count }, (_, index): BenchMessage => {
    if (index % 2 === 0) {
      return { role: 'user', content: `Question ${index / 2}: what about step ${index / 2}?` };
    }
    const code = hasCode(index)
      ? `\n\n\`\`\`ts\nexport function step${index}(input: number): number {\n  const doubled = input * 2;\n  return doubled + ${index};\n}\n\`\`\`\n`
      : '';
    return { role: 'assistant', cluster: 'demo', content: `Answer ${(index - 1) / 2}: it depends on **the input**.${code}` };
  });
}

function hasCode(index: number): boolean {
  return index % 2 === 1 && ((index - 1) / 2) % 5 < 2;
}

/**
 * A saved conversation of `count` benchmark messages: the one place the benchmark writes the
 * storage format, so when that format changes only this function follows.
 */
export function savedConversation(id: string, count: number): string {
  const at = '2026-11-21T10:00:00.000Z';
  const messages = benchMessages(count).map((message) => ({ ...message, at }));
  return JSON.stringify({
    version: 1,
    id,
    title: benchTitle(count),
    createdAt: at,
    updatedAt: '2999-01-01T00:00:00.000Z',
    systemPrompt: '',
    messages,
    draft: '',
  });
}

/** The title `savedConversation` gives a conversation of `count` messages (the history lists it so). */
export function benchTitle(count: number): string {
  return `Benchmark, ${count} messages`;
}

/** How many code blocks `savedConversation` puts into `count` messages. */
export function codeBlocksIn(count: number): number {
  let blocks = 0;
  for (let index = 0; index < count; index++) {
    blocks += hasCode(index) ? 1 : 0;
  }
  return blocks;
}
