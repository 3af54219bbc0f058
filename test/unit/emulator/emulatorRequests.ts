import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { RunningEmulator } from '../../../scripts/emulator/server';

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
}

export interface ChatMessage {
  role: string;
  content: string;
}

/** One request on a fresh connection (no keep-alive), the whole body read as UTF-8. */
export function request(url: string, init: RequestInit = {}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, agent: false, signal: init.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Where requests go: a RunningEmulator, or the base URL and key printed by the CLI. */
export type Target = Pick<RunningEmulator, 'baseUrl' | 'apiKey'>;

export function authHeaders(emulator: Target): Record<string, string> {
  return { Authorization: `Bearer ${emulator.apiKey}`, 'Content-Type': 'application/json' };
}

export function clusterUrl(emulator: Target, id: string): string {
  return `${emulator.baseUrl}/clusters?id=${encodeURIComponent(id)}`;
}

export function conversation(...messages: ChatMessage[]): { content: { messages: ChatMessage[] } } {
  return { content: { messages } };
}

export const SYSTEM_AND_USER = conversation(
  { role: 'system', content: 'You are a helpful reviewer.' },
  { role: 'user', content: 'How do I reverse a list in Python?' },
);

/** POSTs a body (JSON-encoded unless already a string) to a cluster with the emulator's key. */
export function postCluster(emulator: Target, id: string, body: unknown = SYSTEM_AND_USER, signal?: AbortSignal): Promise<HttpResult> {
  return request(clusterUrl(emulator, id), {
    method: 'POST',
    headers: authHeaders(emulator),
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

export function parseMessages(result: HttpResult): ChatMessage[] {
  const parsed = JSON.parse(result.body) as { content: { messages: ChatMessage[] } };
  return parsed.content.messages;
}

export function assistantText(result: HttpResult): string {
  const messages = parseMessages(result);
  const last = messages[messages.length - 1];
  if (last === undefined || last.role !== 'assistant') {
    throw new Error(`No assistant message at the end of: ${result.body.slice(0, 200)}`);
  }
  return last.content;
}

export interface ErrorJson {
  error: { code: string; message: string; request_id: string };
}

export function parseError(result: HttpResult): ErrorJson['error'] {
  return (JSON.parse(result.body) as ErrorJson).error;
}

/** Polls until the check passes or the time is up. */
export async function waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`Condition not met within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
