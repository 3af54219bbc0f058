/**
 * What can fix a failed request, in the order they are offered. Plain data (no validation
 * library), so the webview bundle imports it as it is.
 */
export const RECOVERY_ACTIONS = ['retry', 'updateApiKey', 'selectCluster', 'openSettings', 'showLog'] as const;
export type RecoveryAction = (typeof RECOVERY_ACTIONS)[number];

export function isRecoveryAction(value: unknown): value is RecoveryAction {
  return typeof value === 'string' && (RECOVERY_ACTIONS as readonly string[]).includes(value);
}
