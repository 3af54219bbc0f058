import { Workbench } from '../../test/ui/helpers/workbench';
import { type Figure, percentile } from './figures';

const MESSAGES = 1000;
const CODE_BLOCKS = 200;
/** Must match src/webview/markdown/renderMarks.ts. */
const MARKS = [
  'cluster-chat:conversation-received',
  'cluster-chat:first-render',
  'cluster-chat:all-rendered',
  'cluster-chat:first-highlight',
] as const;

/** A saved conversation of 1,000 messages, 200 of whose replies hold a code block. */
function conversation(): string {
  const at = '2026-11-21T10:00:00.000Z';
  let blocks = 0;
  const messages = Array.from({ length: MESSAGES }, (_, index) => {
    if (index % 2 === 0) {
      return { role: 'user', content: `Question ${index / 2}: what about step ${index / 2}?`, at };
    }
    const withCode = blocks < CODE_BLOCKS && ((index - 1) / 2) % 5 < 2;
    blocks += withCode ? 1 : 0;
    const code = withCode
      ? `\n\n\`\`\`ts\nexport function step${index}(input: number): number {\n  const doubled = input * 2;\n  return doubled + ${index};\n}\n\`\`\`\n`
      : '';
    return { role: 'assistant', cluster: 'demo', content: `Answer ${(index - 1) / 2}: it depends on **the input**.${code}`, at };
  });
  return JSON.stringify({
    version: 1,
    id: 'bench-1',
    title: 'Benchmark',
    createdAt: at,
    updatedAt: '2999-01-01T00:00:00.000Z',
    systemPrompt: '',
    messages,
    draft: '',
  });
}

/**
 * Rendering in the real chat webview (VS Code latest, packaged .vsix, Chromium): the webview's own
 * performance marks give the times from the conversation's arrival; input latency is measured on
 * keystrokes typed while the conversation renders.
 */
export async function measureRendering(log: (line: string) => void): Promise<Figure[]> {
  const workbench = await Workbench.open({
    userData: { 'User/globalStorage/clusterchat.cluster-chat/conversations/bench-1.json': conversation() },
  });
  try {
    await workbench.runCommand('Cluster Chat: Focus on Chat View');
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.waitFor({ timeout: 60_000 });
    await input.evaluate((element) => {
      const latencies: number[] = [];
      (window as unknown as { __inputLatencies: number[] }).__inputLatencies = latencies;
      element.addEventListener('input', (event) => latencies.push(performance.now() - event.timeStamp));
    });
    await input.click();
    await workbench.page.keyboard.type('typing while a long conversation renders', { delay: 15 });
    await chat.locator(`li.chat-message[data-index="${MESSAGES - 1}"]`).waitFor({ state: 'attached', timeout: 120_000 });
    const read = async (): Promise<{ marks: Record<string, number | null>; latencies: number[] }> =>
      chat.locator('body').evaluate(
        (_body, names) => {
          const marks: Record<string, number | null> = {};
          for (const name of names) {
            marks[name] = performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null;
          }
          return { marks, latencies: (window as unknown as { __inputLatencies: number[] }).__inputLatencies };
        },
        [...MARKS],
      );
    let result = await read();
    for (let attempt = 0; attempt < 100 && MARKS.some((name) => result.marks[name] === null); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      result = await read();
    }
    const received = result.marks[MARKS[0]];
    const since = (name: (typeof MARKS)[number]): number => {
      const at = result.marks[name];
      if (at === null || at === undefined || received === null || received === undefined) {
        throw new Error(`the webview did not record ${name}`);
      }
      return at - received;
    };
    log(`  ${MESSAGES} messages, ${CODE_BLOCKS} code blocks; ${result.latencies.length} keystrokes typed while rendering`);
    return [
      {
        area: 'Rendering',
        name: 'first render (newest messages on screen)',
        value: since('cluster-chat:first-render'),
        unit: 'ms',
        budget: 150,
      },
      { area: 'Rendering', name: 'visible code highlighted', value: since('cluster-chat:first-highlight'), unit: 'ms' },
      { area: 'Rendering', name: `all ${MESSAGES} messages rendered`, value: since('cluster-chat:all-rendered'), unit: 'ms' },
      { area: 'Rendering', name: 'input latency while rendering, p50', value: percentile(result.latencies, 50), unit: 'ms' },
      { area: 'Rendering', name: 'input latency while rendering, max', value: Math.max(...result.latencies), unit: 'ms' },
    ];
  } finally {
    await workbench.close();
  }
}
