/** What a connection check found, step by step: the check writes it, the report text and the command read it. */

export type CheckStepName = 'proxy' | 'dns' | 'tcp' | 'tunnel' | 'tls' | 'service' | 'trust';
export type CheckStatus = 'ok' | 'failed' | 'warning' | 'skipped' | 'info';

export interface CheckStep {
  readonly step: CheckStepName;
  readonly status: CheckStatus;
  /** One localized line, without secrets. */
  readonly detail: string;
}

export interface ConnectionReport {
  readonly baseUrl: string;
  readonly steps: readonly CheckStep[];
  /** True when every step that ran succeeded. */
  readonly ok: boolean;
}
