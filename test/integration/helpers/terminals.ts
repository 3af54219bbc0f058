import * as vscode from 'vscode';
import { waitFor } from '../testEnvironment';

/** A new terminal running `shellPath`, shown and the active one. */
export async function openTerminal(name: string, shellPath: string): Promise<vscode.Terminal> {
  const terminal = vscode.window.createTerminal({ name, shellPath });
  terminal.show();
  await waitFor(`the terminal “${name}” is the active one`, () => vscode.window.activeTerminal === terminal);
  return terminal;
}

/** Whether VS Code turns on shell integration in `terminal` within the deadline (it cannot in every host or shell). */
export async function shellIntegrationOf(terminal: vscode.Terminal): Promise<boolean> {
  return waitFor('shell integration', () => terminal.shellIntegration !== undefined, 15_000).then(
    () => true,
    () => false,
  );
}
