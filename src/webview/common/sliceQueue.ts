/**
 * Work cut into small steps, run in tasks of at most SLICE_MS each so that typing, scrolling and
 * the host's messages get the main thread between them. Steps run in the order they were queued.
 */

/** Time one task spends on queued steps before it yields. */
export const SLICE_MS = 8;

/** One step of work; returns false when its job is done (or no longer wanted). */
export type Step = () => boolean;

const jobs: Step[] = [];
let scheduled = false;

export function queueJob(step: Step): void {
  jobs.push(step);
  schedule();
}

/** True while queued work waits (tests and the bench wait for it). */
export function hasQueuedWork(): boolean {
  return jobs.length > 0;
}

function schedule(): void {
  if (!scheduled) {
    scheduled = true;
    setTimeout(runSlice, 0);
  }
}

function runSlice(): void {
  scheduled = false;
  const started = performance.now();
  while (jobs.length > 0 && performance.now() - started < SLICE_MS) {
    const job = jobs[0];
    if (!job || !job()) {
      jobs.shift();
    }
  }
  if (jobs.length > 0) {
    schedule();
  }
}
