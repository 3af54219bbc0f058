import * as vscode from 'vscode';
import { OutputTail } from '../common/terminalOutput';
import type { FinishedCommand } from '../common/terminalPrompt';

/**
 * Remembers the last finished command of each terminal with shell integration, with the end of its
 * output. A command's output can only be read from its start (`execution.read()`), so every
 * command is followed while it runs; only the last one of each terminal is kept.
 */
export class TerminalWatcher implements vscode.Disposable {
  private readonly running = new Map<vscode.TerminalShellExecution, { tail: OutputTail; reading: Promise<void> }>();
  private readonly last = new Map<vscode.Terminal, FinishedCommand>();
  private readonly disposables: vscode.Disposable[] = [];
  /** False in a VS Code without the shell-execution events. */
  readonly available: boolean;

  constructor() {
    const window = vscode.window as Partial<typeof vscode.window>;
    this.available =
      typeof window.onDidStartTerminalShellExecution === 'function' && typeof window.onDidEndTerminalShellExecution === 'function';
    if (!this.available) {
      return;
    }
    this.disposables.push(
      vscode.window.onDidStartTerminalShellExecution(({ execution }) => this.follow(execution)),
      vscode.window.onDidEndTerminalShellExecution((event) => void this.finish(event)),
      vscode.window.onDidCloseTerminal((terminal) => this.last.delete(terminal)),
    );
  }

  /** The last command that finished in `terminal` since watching began. */
  lastCommand(terminal: vscode.Terminal): FinishedCommand | undefined {
    return this.last.get(terminal);
  }

  private follow(execution: vscode.TerminalShellExecution): void {
    const tail = new OutputTail();
    const reading = (async () => {
      for await (const chunk of execution.read()) {
        tail.push(chunk);
      }
    })().catch(() => undefined); // an unreadable stream leaves the output empty; the command is still known
    this.running.set(execution, { tail, reading });
  }

  private async finish({ terminal, execution, exitCode }: vscode.TerminalShellExecutionEndEvent): Promise<void> {
    const followed = this.running.get(execution);
    this.running.delete(execution);
    await followed?.reading;
    const output = (followed?.tail ?? new OutputTail()).result();
    const cwd = execution.cwd?.fsPath;
    this.last.set(terminal, { commandLine: execution.commandLine.value.trim(), exitCode, output, ...(cwd ? { cwd } : {}) });
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
    this.running.clear();
    this.last.clear();
  }
}
