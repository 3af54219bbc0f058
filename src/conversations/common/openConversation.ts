import type { StoredConversation } from './conversation';
import { applyRecords, type LogRecord, type ReplayedLog } from './conversationLog';

/** A log as a window last read it: what it replays to, and how many bytes of it that covers. */
export interface ReadLog {
  readonly replay: ReplayedLog;
  readonly size: number;
}

/**
 * A conversation a window has open: its log as last read (none before the first write), the
 * records on their way to it, and what both replay to, which is what the window shows.
 */
export interface OpenConversation {
  readonly disk: ReadLog | undefined;
  readonly pending: readonly (readonly LogRecord[])[];
  readonly shown: ReplayedLog;
}

export function freshConversation(conversation: StoredConversation): OpenConversation {
  return { disk: undefined, pending: [], shown: { conversation, skipped: 0, explicitTitle: undefined } };
}

export function openedFromLog(disk: ReadLog): OpenConversation {
  return { disk, pending: [], shown: disk.replay };
}

/** Whether the conversation has records, written or on their way (else its next records begin the log). */
export function isLogged(open: OpenConversation): boolean {
  return open.disk !== undefined || open.pending.length > 0;
}

export function withRecords(open: OpenConversation, records: readonly LogRecord[]): OpenConversation {
  return { ...open, pending: [...open.pending, records], shown: applyRecords(open.shown, records) };
}

/** The log read again (after `written` of the pending batches reached it, or another window's change). */
export function withLogRead(open: OpenConversation, disk: ReadLog, written = 0): OpenConversation {
  const pending = open.pending.slice(written);
  return { disk, pending, shown: pending.length > 0 ? applyRecords(disk.replay, pending.flat()) : disk.replay };
}
