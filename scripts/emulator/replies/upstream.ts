import type { ResolvedUpstream } from '../options';
import type { Message } from '../publicTypes';

/** A failure of the upstream model, with a message that is safe to send to the client. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
}

/**
 * Sends the conversation to `{url}/chat/completions` of an OpenAI-compatible API and returns
 * `choices[0].message.content`. `signal` aborts the call when the client leaves or the emulator closes.
 */
export async function askUpstream(upstream: ResolvedUpstream, messages: readonly Message[], signal: AbortSignal): Promise<string> {
  const endpoint = `${upstream.url}/chat/completions`;
  const where = `Upstream ${safeUrl(endpoint)}`;
  const timeout = AbortSignal.timeout(upstream.timeoutMs);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (upstream.apiKey !== undefined) {
    headers['Authorization'] = `Bearer ${upstream.apiKey}`;
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: upstream.model,
        messages: messages.map((message) => ({ role: message.role, content: message.content })),
        stream: false,
      }),
      signal: AbortSignal.any([signal, timeout]),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    if (timeout.aborted) {
      throw new UpstreamError(`${where} did not answer within ${upstream.timeoutMs} ms.`);
    }
    if (signal.aborted) {
      throw new UpstreamError(`${where} call was cancelled.`);
    }
    throw new UpstreamError(`${where} could not be reached (${networkReason(error)}).`);
  }
  if (!response.ok) {
    throw new UpstreamError(`${where} answered ${response.status} ${response.statusText}`.trimEnd() + '.');
  }
  const content = assistantContent(text);
  if (content === undefined) {
    throw new UpstreamError(`${where} answered without a string choices[0].message.content.`);
  }
  return content;
}

function assistantContent(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const choices = field(body, 'choices');
  const first = Array.isArray(choices) ? (choices[0] as unknown) : undefined;
  const content = field(field(first, 'message'), 'content');
  return typeof content === 'string' ? content : undefined;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** The URL without user name, password, query or fragment. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = field(cause, 'code');
  if (typeof code === 'string') {
    return code;
  }
  return cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
}
