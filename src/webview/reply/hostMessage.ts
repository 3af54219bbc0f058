import type { CodeAction, HostToWebviewMessage, ReplyViewModel } from '../../core/protocol/replyProtocol';
import { isCodeAction } from '../codeActions/actionLabels';
import { isRecord, isText } from '../chat/shapes';

/**
 * Strict shape checks for what arrives from the host (and from saved webview state). Anything
 * malformed is refused as a whole; the result holds only the known fields.
 */

const MAX_ID_LENGTH = 200;
const MAX_TEXT_LENGTH = 4096;
const MAX_MARKDOWN_LENGTH = 10 * 1024 * 1024;

function parseActions(value: unknown): CodeAction[] | undefined {
  if (!Array.isArray(value) || value.length > 20) {
    return undefined;
  }
  const actions: CodeAction[] = [];
  for (const item of value) {
    if (!isCodeAction(item)) {
      return undefined;
    }
    if (!actions.includes(item)) {
      actions.push(item);
    }
  }
  return actions;
}

export function parseReplyViewModel(raw: unknown): ReplyViewModel | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  const { replyId, title, cluster, markdown } = raw;
  const actions = parseActions(raw['actions']);
  if (
    !isText(replyId, MAX_ID_LENGTH) ||
    !isText(title, MAX_TEXT_LENGTH) ||
    !isText(cluster, MAX_TEXT_LENGTH) ||
    !isText(markdown, MAX_MARKDOWN_LENGTH) ||
    !actions
  ) {
    return undefined;
  }
  return { replyId, title, cluster, markdown, actions };
}

export function parseHostMessage(raw: unknown): HostToWebviewMessage | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  switch (raw['type']) {
    case 'showReply': {
      const reply = parseReplyViewModel(raw['reply']);
      return reply ? { type: 'showReply', reply } : undefined;
    }
    case 'actionDone': {
      const { replyId, action, ok } = raw;
      if (!isText(replyId, MAX_ID_LENGTH) || !isCodeAction(action) || typeof ok !== 'boolean') {
        return undefined;
      }
      return { type: 'actionDone', replyId, action, ok };
    }
    default:
      return undefined;
  }
}
