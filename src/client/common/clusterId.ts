import { l10n } from '../../base/common/l10n';
import { ConfigurationError } from './errors/statusErrors';

/** Longer ids are refused before sending: no service id is this long, and it would bloat every log line. */
export const MAX_CLUSTER_ID_LENGTH = 256;

export type InvalidClusterIdReason = 'empty' | 'tooLong' | 'malformedUtf16' | 'controlCharacter';

/** A cluster id that cannot be sent (from the settings, the picker, a tool call, the API or a model id). Nothing was sent. */
export class InvalidClusterIdError extends ConfigurationError {
  readonly reason: InvalidClusterIdReason;
  constructor(clusterId: string, reason: InvalidClusterIdReason) {
    super(invalidIdSummary(printable(clusterId), reason));
    this.reason = reason;
  }
}

/**
 * Checks a cluster id before anything is sent: not empty, at most {@link MAX_CLUSTER_ID_LENGTH}
 * UTF-16 units, no unpaired surrogate (it cannot be percent-encoded) and no control character.
 * Throws an {@link InvalidClusterIdError}.
 */
export function checkClusterId(clusterId: string): void {
  const reason = invalidReason(clusterId);
  if (reason !== undefined) {
    throw new InvalidClusterIdError(clusterId, reason);
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** C0, DEL and C1 controls, and the line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function invalidReason(clusterId: string): InvalidClusterIdReason | undefined {
  if (clusterId.length === 0) {
    return 'empty';
  }
  if (clusterId.length > MAX_CLUSTER_ID_LENGTH) {
    return 'tooLong';
  }
  if (LONE_SURROGATE.test(clusterId)) {
    return 'malformedUtf16';
  }
  if (CONTROL.test(clusterId)) {
    return 'controlCharacter';
  }
  return undefined;
}

function invalidIdSummary(shown: string, reason: InvalidClusterIdReason): string {
  switch (reason) {
    case 'empty':
      return l10n.t('The cluster id is empty. Pick a cluster with “Cluster Chat: Select Cluster…” or check “clusterChat.clusters”.');
    case 'tooLong':
      return l10n.t(
        'The cluster id “{0}” is longer than {1} characters, so it was not sent. Check the id in “clusterChat.clusters” or where it was passed.',
        shown,
        MAX_CLUSTER_ID_LENGTH,
      );
    case 'malformedUtf16':
      return l10n.t(
        'The cluster id “{0}” holds a broken character (an unpaired surrogate), so it was not sent. Check the id in “clusterChat.clusters” or where it was passed.',
        shown,
      );
    case 'controlCharacter':
      return l10n.t(
        'The cluster id “{0}” holds a control character, so it was not sent. Check the id in “clusterChat.clusters” or where it was passed.',
        shown,
      );
  }
}

/** The id as a message can show it: controls and lone surrogates escaped, at most 60 characters. */
function printable(clusterId: string): string {
  const shown = Array.from(clusterId, (char) =>
    CONTROL.test(char) || LONE_SURROGATE.test(char) ? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}` : char,
  );
  return shown.length > 60 ? `${shown.slice(0, 59).join('')}…` : shown.join('');
}
