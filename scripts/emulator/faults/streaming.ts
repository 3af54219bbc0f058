import type { ClusterExchange, ClusterRuntime } from '../exchange';
import { demoBody } from '../replies/ordinaryReply';
import { JSON_TYPE, writeChunk } from '../http/respond';

const SLOW_BODY_CHUNKS = 10;
const HUGE_CHUNK_BYTES = 64 * 1024;
const FILLER = 'The quick brown fox jumps over the lazy dog. ';

/** 200 headers at once, then a good reply in small chunks spread over `slowMs`. */
export async function sendSlowBody(exchange: ClusterExchange, runtime: ClusterRuntime): Promise<void> {
  const { res } = exchange;
  const body = Buffer.from(demoBody(exchange, runtime), 'utf8');
  res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': String(body.length) });
  res.flushHeaders();
  const step = Math.ceil(body.length / SLOW_BODY_CHUNKS);
  for (let start = 0; start < body.length; start += step) {
    if (!(await runtime.lifetime.delay(runtime.options.slowMs / SLOW_BODY_CHUNKS))) {
      return;
    }
    if (!(await writeChunk(res, body.subarray(start, start + step)))) {
      return;
    }
  }
  res.end();
}

/**
 * 200 with valid JSON whose assistant content is `hugeReplyBytes` long, written in chunks that
 * respect backpressure and stop as soon as the client goes away.
 */
export async function sendHuge(exchange: ClusterExchange, runtime: ClusterRuntime): Promise<void> {
  const { res, messages } = exchange;
  const size = runtime.options.hugeReplyBytes;
  const sent = messages.map((message) => `${JSON.stringify(message)},`).join('');
  const head = Buffer.from(`{"content":{"messages":[${sent}{"role":"assistant","content":"`, 'utf8');
  const tail = Buffer.from('"}]}}', 'utf8');
  const chunk = Buffer.from(FILLER.repeat(Math.ceil(HUGE_CHUNK_BYTES / FILLER.length)).slice(0, HUGE_CHUNK_BYTES), 'utf8');
  res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': String(head.length + size + tail.length) });
  if (!(await writeChunk(res, head))) {
    return;
  }
  for (let written = 0; written < size; written += chunk.length) {
    if (runtime.lifetime.isEnded || !(await writeChunk(res, chunk.subarray(0, Math.min(chunk.length, size - written))))) {
      return;
    }
  }
  if (await writeChunk(res, tail)) {
    res.end();
  }
}
