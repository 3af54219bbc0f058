import type * as vscode from 'vscode';

/**
 * An AbortSignal that follows a VS Code cancellation token (aborted at once if the token already
 * is), for handing VS Code's cancellation to the cluster client. Dispose it when the call ends.
 */
export function signalFor(token: vscode.CancellationToken | undefined): { readonly signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (token?.isCancellationRequested) {
    controller.abort();
  }
  const subscription = token?.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => void subscription?.dispose() };
}
