import { l10n } from '../../base/common/l10n';
import type { InspectedRequest, RequestCaller, RequestOutcome } from '../common/inspectedRequest';
import { systemParts, type SystemPart } from '../common/systemSources';

/**
 * The inspector's page for one request, as markdown: a summary table, the headers, the request body
 * exactly as sent and the reply body. Bodies are not reformatted: what is shown is what went on the
 * wire, so it can be copied and sent again with curl.
 */
export function requestDocument(record: InspectedRequest): string {
  const body = Buffer.from(record.body).toString('utf8');
  const lines = [
    `# ${record.method} ${record.url}`,
    '',
    ...summaryRows(record).map(([name, value]) => `- **${name}:** ${inline(value)}`),
    '',
    `## ${l10n.t('Request headers')}`,
    '',
    ...fenced(record.headers.map(([name, value]) => `${name}: ${value}`).join('\n'), 'http'),
    '',
    ...systemSection(body),
    `## ${l10n.t('Request body ({0} bytes, exactly as sent)', record.bodyBytes)}`,
    '',
    ...notes(record),
    ...fenced(body, 'json'),
    '',
    `## ${l10n.t('Reply body')}`,
    '',
    ...(record.replyBody === undefined
      ? [record.outcome === 'pending' ? l10n.t('Waiting for the reply…') : l10n.t('No reply body was read.')]
      : [
          ...(record.replyTruncated
            ? [l10n.t('Only the first {0} bytes of this very large body are kept.', record.replyBody.length), '']
            : []),
          ...fenced(record.replyBody, 'json'),
        ]),
    '',
  ];
  return lines.join('\n');
}

/** Name and value of each summary field, in the order the inspector shows them. */
export function summaryRows(record: InspectedRequest): Array<[string, string]> {
  return [
    [l10n.t('Cluster'), record.clusterId],
    [l10n.t('Sent by'), callerLabel(record.caller)],
    [l10n.t('Time (UTC)'), utcTime(record.time)],
    [l10n.t('Status'), statusLabel(record)],
    [l10n.t('Duration'), `${Math.round(record.durationMs)} ms`],
    [l10n.t('Attempts'), String(record.attempts)],
    [l10n.t('Request id'), record.requestId ?? l10n.t('none')],
  ];
}

/**
 * What *Copy for support* copies: the fields the service's own request log shows (cluster id, UTC
 * time, request id, status, duration), so support can find the request, and nothing else.
 */
export function supportText(record: InspectedRequest): string {
  return [
    `${l10n.t('Cluster')}: ${record.clusterId}`,
    `${l10n.t('Time (UTC)')}: ${utcTime(record.time)}`,
    `${l10n.t('Request id')}: ${record.requestId ?? l10n.t('none')}`,
    `${l10n.t('Status')}: ${record.status ?? outcomeLabel(record.outcome)}`,
    `${l10n.t('Duration')}: ${Math.round(record.durationMs)} ms`,
  ].join('\n');
}

export function utcTime(time: Date): string {
  return `${time.toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

export function statusLabel(record: InspectedRequest): string {
  if (record.status === undefined) {
    return outcomeLabel(record.outcome);
  }
  return record.outcome === 'ok' || record.outcome === 'pending' ? String(record.status) : `${record.status} (${record.outcome})`;
}

function outcomeLabel(outcome: RequestOutcome): string {
  return outcome === 'pending' ? l10n.t('waiting') : outcome === 'ok' ? l10n.t('ok') : l10n.t('no reply ({0})', outcome);
}

/** Who sent a request, in the words of the place the user met it. */
const CALLER_LABELS: Readonly<Record<RequestCaller, () => string>> = {
  chat: () => l10n.t('Cluster Chat view'),
  selectionAction: () => l10n.t('Selection action'),
  sourceControl: () => l10n.t('Write Commit Message'),
  terminal: () => l10n.t('Explain with Cluster'),
  participant: () => l10n.t('@cluster in the Chat view'),
  languageModel: () => l10n.t('Language model'),
  api: () => l10n.t('Extension API'),
  tool: () => l10n.t('Ask a Cluster tool'),
};

export function callerLabel(caller: RequestCaller): string {
  return CALLER_LABELS[caller]();
}

function notes(record: InspectedRequest): string[] {
  const result: string[] = [];
  if (record.body.byteLength < record.bodyBytes) {
    result.push(l10n.t('Only the first {0} bytes of this very large body are kept.', record.body.byteLength));
  }
  if (record.bodyMasked) {
    result.push(l10n.t('The API key occurred in the body and is shown masked.'));
  }
  return result.length > 0 ? [...result, ''] : [];
}

/** Where each part of the system message came from: the system prompt, each instruction file by its path. */
function systemSection(body: string): string[] {
  const parts = systemParts(body);
  if (parts.length === 0) {
    return [];
  }
  return [`## ${l10n.t('System message, by source')}`, '', ...parts.map((part) => `- ${partLine(part)}`), ''];
}

function partLine(part: SystemPart): string {
  if (part.kind === 'systemPrompt') {
    return l10n.t('System prompt: {0} characters', part.chars);
  }
  const name = inline(part.source);
  return part.cut
    ? l10n.t('Instruction file {0}: {1} characters (cut)', name, part.chars)
    : l10n.t('Instruction file {0}: {1} characters', name, part.chars);
}

/** A fenced block longer than any run of backticks in the text, so no content can close it early. */
function fenced(text: string, language: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language}`, text, fence];
}

/** The page is read as text, not rendered: values stay as they are (to copy), on one line. */
function inline(value: string): string {
  return value.replace(/\r?\n/g, ' ');
}
