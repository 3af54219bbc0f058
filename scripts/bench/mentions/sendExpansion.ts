import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { appendMessage, newConversation, type StoredConversation } from '../../../src/conversations/common/conversation';
import { benchMessages } from '../benchConversation';
import { type Figure, percentile } from '../figures';
import { writeMentionedFiles } from './mentionedFiles';
import { readMentions, runSend, type StepTimes } from './sendSteps';

const MENTIONS = 20;
/** Sends timed, after one that warms up. */
const RUNS = 20;
const BUDGET_MS = 100;
/** A cluster's action phrases, so that its guard searches the message (none stands in the files). */
const PHRASES = ['deploy to production', 'open an incident', 'roll back the release', 'page the on-call', 'rotate the keys'];

/** The conversation the message goes into: a few earlier turns, as a chat that is in use has. */
function conversation(): StoredConversation {
  const at = '2026-11-21T10:00:00.000Z';
  return benchMessages(20).reduce(
    (current, message, index) => appendMessage(current, { ...message, id: `m${index}`, at }),
    newConversation('bench-send', 'Answer briefly.', new Date(at)),
  );
}

/**
 * A message with 20 files mentioned (50 KB to 120 KB of TypeScript each, the largest cut at the
 * 100,000 characters a mention takes), sent: each run reads the files as their mentions do and
 * then does what the host does at send without VS Code (`runSend`), in process with the
 * extension's own code. The figure is the slowest run but one of 20 (p95).
 */
export async function measureSendExpansion(log: (line: string) => void): Promise<Figure[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-send-'));
  try {
    const names = writeMentionedFiles(folder, MENTIONS);
    const typed = `Compare how these ${MENTIONS} services load their records, and list what differs:`;
    const totals: number[] = [];
    const sends: number[] = [];
    const steps: StepTimes[] = [];
    let bytes = 0;
    for (let run = 0; run <= RUNS; run++) {
      const times: StepTimes = {};
      const into = conversation();
      const started = performance.now();
      const attachments = await readMentions(folder, names, times);
      const sending = performance.now();
      bytes = runSend({ conversation: into, typed, attachments, phrases: PHRASES, apiKey: 'bench-key-0123456789' }, times);
      const ended = performance.now();
      if (run > 0) {
        totals.push(ended - started);
        sends.push(ended - sending);
        steps.push(times);
      }
    }
    const median = (step: string): string =>
      percentile(
        steps.map((times) => times[step] ?? 0),
        50,
      ).toFixed(1);
    log(
      `  ${MENTIONS} files, a request body of ${(bytes / 1024 ** 2).toFixed(2)} MB; medians: read ${median('read')} ms, compose ${median('compose')} ms, ` +
        `secret guard ${median('secret guard')} ms, action-phrase guard ${median('action-phrase guard')} ms, serialise ${median('serialise')} ms`,
    );
    return [
      {
        area: 'Mentions',
        name: `expanding ${MENTIONS} file mentions at send (read, compose, guards, body), p95 of ${RUNS}`,
        value: percentile(totals, 95),
        unit: 'ms',
        budget: BUDGET_MS,
      },
      {
        area: 'Mentions',
        name: `the send alone with ${MENTIONS} file mentions attached (compose, guards, body), p95 of ${RUNS}`,
        value: percentile(sends, 95),
        unit: 'ms',
      },
    ];
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
