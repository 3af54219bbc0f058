import * as assert from 'node:assert/strict';

/** Polls `check` until it is true, failing the test after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, 'condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
