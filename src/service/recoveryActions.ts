import type { ClusterError } from '../core/client/errors';

/** What can fix a failed request, besides looking at the log. */
export type RecoveryAction = 'retry' | 'updateApiKey' | 'selectCluster' | 'openSettings';

/** The fixes to offer for an error, most useful first. */
export function recoveryActionsFor(error: ClusterError): RecoveryAction[] {
  switch (error.kind) {
    case 'auth':
      return ['updateApiKey'];
    case 'unknownCluster':
      return ['selectCluster'];
    case 'config':
    case 'redirect':
    case 'tls':
      return ['openSettings'];
    case 'badRequest':
    case 'tooLarge':
    case 'cancelled':
      return [];
    case 'rateLimited':
    case 'server':
    case 'unexpectedStatus':
    case 'connectTimeout':
    case 'timeout':
    case 'network':
    case 'protocol':
      return ['retry'];
  }
}
