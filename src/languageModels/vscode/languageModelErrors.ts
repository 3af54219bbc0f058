import * as vscode from 'vscode';
import { isClusterError } from '../../client/common/errors/errors';

/**
 * A failed cluster call as the error type the Language Model API documents: cancellation as
 * CancellationError, a rejected key as NoPermissions, an unknown cluster as NotFound, the rest
 * as a LanguageModelError carrying our message (which never holds the key).
 */
export function toLanguageModelError(error: unknown): Error {
  if (!isClusterError(error)) {
    return new vscode.LanguageModelError(error instanceof Error ? error.message : String(error));
  }
  switch (error.kind) {
    case 'cancelled':
      return new vscode.CancellationError();
    case 'auth':
      return vscode.LanguageModelError.NoPermissions(error.message);
    case 'unknownCluster':
      return vscode.LanguageModelError.NotFound(error.message);
    default:
      return new vscode.LanguageModelError(error.message);
  }
}
