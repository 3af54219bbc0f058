import * as assert from 'node:assert/strict';
import { CHUNK_SIZE, planChunks } from '../../../src/webview/chat/chunkPlan';

describe('chunk plan', () => {
  it('renders the newest messages first, then older ones', () => {
    assert.deepEqual(planChunks(120, 50), [
      { start: 70, end: 120 },
      { start: 20, end: 70 },
      { start: 0, end: 20 },
    ]);
  });

  it('covers every position exactly once for 1,000 messages', () => {
    const chunks = planChunks(1000);
    assert.equal(chunks.length, Math.ceil(1000 / CHUNK_SIZE));
    const seen = chunks.flatMap((chunk) => Array.from({ length: chunk.end - chunk.start }, (_, offset) => chunk.start + offset));
    assert.deepEqual(
      [...seen].sort((a, b) => a - b),
      Array.from({ length: 1000 }, (_, position) => position),
    );
    for (const chunk of chunks) {
      assert.ok(chunk.end - chunk.start <= CHUNK_SIZE && chunk.end > chunk.start);
    }
  });

  it('makes one chunk for a short conversation and none for an empty one', () => {
    assert.deepEqual(planChunks(3), [{ start: 0, end: 3 }]);
    assert.deepEqual(planChunks(0), []);
    assert.deepEqual(planChunks(-5), []);
  });

  it('never loops on a nonsensical size', () => {
    assert.equal(planChunks(4, 0).length, 4);
    assert.equal(planChunks(4, -1).length, 4);
  });
});
