/**
 * Work cut into small steps, run in tasks of at most SLICE_MS each so that typing, scrolling and
 * the host's messages get the main thread between them. Steps run in the order they were queued.
 * After a task whose steps changed the page, the next one waits for the frame to be drawn: what a
 * task inserted is laid out in that frame alone, so layout never piles up behind several tasks of
 * inserts; a task that only parsed is followed at once.
 */

/** Time one task spends on queued steps before it yields. */
export const SLICE_MS = 8;

/** What a step did: more to do (`'more'`), more after the page changed (`'drawn'`), or done. */
export type StepResult = 'more' | 'drawn' | 'done';

export type Step = () => StepResult;

const jobs: Step[] = [];
let scheduled = false;

export function queueJob(step: Step): void {
  jobs.push(step);
  schedule(false);
}

/** True while queued work waits (tests and the bench wait for it). */
export function hasQueuedWork(): boolean {
  return jobs.length > 0;
}

function schedule(afterFrame: boolean): void {
  if (scheduled) {
    return;
  }
  scheduled = true;
  // A hidden page draws no frames (and lays nothing out): the work goes on without them.
  if (afterFrame && typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
    requestAnimationFrame(() => setTimeout(runSlice, 0));
  } else {
    setTimeout(runSlice, 0);
  }
}

/** A step that throws ends its job, not the queue: the other replies still render. */
function runStep(step: Step | undefined): StepResult {
  try {
    return step?.() ?? 'done';
  } catch (error) {
    console.error('Cluster Chat: rendering step failed', error);
    return 'done';
  }
}

function runSlice(): void {
  scheduled = false;
  const started = performance.now();
  let drawn = false;
  while (jobs.length > 0 && performance.now() - started < SLICE_MS) {
    const result = runStep(jobs[0]);
    if (result === 'done') {
      jobs.shift();
    }
    drawn ||= result !== 'more';
  }
  if (jobs.length > 0) {
    schedule(drawn);
  }
}
