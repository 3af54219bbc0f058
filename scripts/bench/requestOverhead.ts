import { request, Agent } from 'undici';
import { ClusterClient } from '../../src/client/node/clusterClient';
import type { Message } from '../../src/client/common/messages';
import { startEmulator } from '../emulator/server';
import { type Figure, percentile } from './figures';

const KEY = 'bench-key';
const IDLE_MS = 2000;

/** A conversation of about `bytes` of JSON: a system prompt and user/assistant turns. */
function conversationOf(bytes: number): Message[] {
  const messages: Message[] = [{ role: 'system', content: 'You are a benchmark.' }];
  const chunk = 'The quick brown fox jumps over the lazy dog. '.repeat(bytes < 4096 ? 4 : 20);
  // Counted as it grows: re-serializing the whole list each time took most of a second for 1 MB, a
  // stall of the one event loop the emulator shares.
  let length = JSON.stringify(messages).length;
  while (length < bytes) {
    const message: Message = { role: messages.length % 2 === 1 ? 'user' : 'assistant', content: chunk };
    messages.push(message);
    length += JSON.stringify(message).length + 1;
  }
  if (messages.at(-1)?.role !== 'user') {
    messages.push({ role: 'user', content: 'Summarise.' });
  }
  return messages;
}

interface Samples {
  readonly ours: number[];
  readonly bare: number[];
}

/**
 * Our client's whole path (serialize, send, validate, extract) against a bare `undici.request` and
 * `JSON.parse` of the same conversation, interleaved in one process against the emulator on
 * loopback, both over keep-alive connections.
 */
export async function measureRequestOverhead(log: (line: string) => void): Promise<Figure[]> {
  const emulator = await startEmulator({ apiKey: KEY });
  const client = new ClusterClient({ baseUrl: emulator.baseUrl, userAgent: 'cluster-chat-bench' });
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const url = `${emulator.baseUrl}/clusters?id=demo`;
  const bare = async (messages: readonly Message[]): Promise<string> => {
    const response = await request(url, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ content: { messages } }),
    });
    const parsed = JSON.parse(await response.body.text()) as { content: { messages: Message[] } };
    return parsed.content.messages.at(-1)?.content ?? '';
  };
  const ours = async (messages: readonly Message[]): Promise<string> =>
    (await client.send({ clusterId: 'demo', messages, apiKey: KEY })).assistant.content;

  const run = async (label: string, messages: Message[], rounds: number): Promise<Samples> => {
    const samples: Samples = { ours: [], bare: [] };
    for (let warmUp = 0; warmUp < Math.min(50, rounds); warmUp++) {
      await ours(messages);
      await bare(messages);
    }
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so neither always meets a warmer connection or cache.
      const order =
        round % 2 === 0
          ? ([
              ['ours', ours],
              ['bare', bare],
            ] as const)
          : ([
              ['bare', bare],
              ['ours', ours],
            ] as const);
      for (const [name, call] of order) {
        const started = performance.now();
        const reply = await call(messages);
        samples[name].push(performance.now() - started);
        if (reply.length === 0) {
          throw new Error(`${name} got an empty reply`);
        }
      }
    }
    log(`  ${label}: ${rounds} round trips each, ${(JSON.stringify(messages).length / 1024).toFixed(0)} KB conversation`);
    return samples;
  };

  /** A turn after 2 s idle (the pool has closed its connection, so a new one is opened) against one right after it. */
  const idleTurns = async (rounds: number): Promise<{ idle: number[]; warm: number[] }> => {
    const samples = { idle: [] as number[], warm: [] as number[] };
    const messages = conversationOf(1024);
    for (let round = 0; round < rounds; round++) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      for (const kind of ['idle', 'warm'] as const) {
        const started = performance.now();
        await ours(messages);
        samples[kind].push(performance.now() - started);
      }
    }
    log(`  after ${IDLE_MS / 1000} s idle: ${rounds} turns, each followed by one on the warm connection`);
    return samples;
  };

  try {
    const small = await run('1 KB', conversationOf(1024), 2000);
    const large = await run('1 MB', conversationOf(1024 * 1024), 100);
    const idle = await idleTurns(10);
    const figures = (label: string, samples: Samples): Figure[] => [
      { area: 'Request overhead', name: `${label}: our client p50`, value: percentile(samples.ours, 50), unit: 'ms' },
      { area: 'Request overhead', name: `${label}: bare undici p50`, value: percentile(samples.bare, 50), unit: 'ms' },
      { area: 'Request overhead', name: `${label}: our client p99`, value: percentile(samples.ours, 99), unit: 'ms' },
      { area: 'Request overhead', name: `${label}: bare undici p99`, value: percentile(samples.bare, 99), unit: 'ms' },
      {
        area: 'Request overhead',
        name: `${label}: ratio at p50`,
        value: percentile(samples.ours, 50) / percentile(samples.bare, 50),
        unit: '×',
        budget: 1.15,
      },
      {
        area: 'Request overhead',
        name: `${label}: ratio at p99`,
        value: percentile(samples.ours, 99) / percentile(samples.bare, 99),
        unit: '×',
      },
    ];
    const idleFigures: Figure[] = [
      { area: 'Request overhead', name: 'turn after 2 s idle (new connection) p50', value: percentile(idle.idle, 50), unit: 'ms' },
      { area: 'Request overhead', name: 'turn on the warm connection right after it p50', value: percentile(idle.warm, 50), unit: 'ms' },
      {
        area: 'Request overhead',
        name: 'turn after 2 s idle vs warm, p50',
        value: percentile(idle.idle, 50) / percentile(idle.warm, 50),
        unit: '×',
      },
    ];
    return [...figures('1 KB × 2,000', small), ...figures('1 MB × 100', large), ...idleFigures];
  } finally {
    await client.close();
    await agent.close();
    await emulator.close();
  }
}
