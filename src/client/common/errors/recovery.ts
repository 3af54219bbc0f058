import type { RecoveryAction } from '../../../webview/common/recoveryActions';
import { type ClusterError, isClusterError } from './errors';

/**
 * The one mapping from a failure to what can fix it: the fixes, most useful first, then the log.
 * Every presenter (notifications, the chat, `@cluster`) shows these, leaving out only what it
 * cannot offer.
 */
export function recoveryActionsFor(error: unknown): RecoveryAction[] {
  return [...(isClusterError(error) ? fixesFor(error) : ['retry' as const]), 'showLog'];
}

function fixesFor(error: ClusterError): RecoveryAction[] {
  switch (error.kind) {
    case 'auth':
      return ['updateApiKey'];
    case 'unknownCluster':
      return ['selectCluster'];
    case 'config':
    case 'redirect':
    case 'tls':
    case 'proxyAuth':
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

/** What "Open Settings" searches for after this failure: the proxy settings for a proxy's refusal, else ours. */
export function settingsQueryFor(error: unknown): string {
  return isClusterError(error) && error.kind === 'proxyAuth' ? 'http.proxy' : 'clusterChat';
}
