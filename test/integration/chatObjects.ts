import * as vscode from 'vscode';

/** A response stream that keeps what the handler rendered, as the Chat view would show it. */
export class RenderedResponse implements vscode.ChatResponseStream {
  readonly markdownParts: string[] = [];
  readonly buttons: vscode.Command[] = [];
  readonly references: Array<vscode.Uri | vscode.Location> = [];
  readonly progressMessages: string[] = [];
  markdown(value: string | vscode.MarkdownString): void {
    this.markdownParts.push(typeof value === 'string' ? value : value.value);
  }
  anchor(): void {}
  button(command: vscode.Command): void {
    this.buttons.push(command);
  }
  filetree(): void {}
  progress(value: string): void {
    this.progressMessages.push(value);
  }
  reference(value: vscode.Uri | vscode.Location): void {
    this.references.push(value);
  }
  push(part: vscode.ChatResponsePart): void {
    if (part instanceof vscode.ChatResponseMarkdownPart) {
      this.markdown(part.value);
    }
  }
  get text(): string {
    return this.markdownParts.join('');
  }
}

export function chatRequest(prompt: string, command: string | undefined, references: vscode.ChatPromptReference[]): vscode.ChatRequest {
  const request: Omit<vscode.ChatRequest, 'model'> = {
    prompt,
    command,
    references,
    toolReferences: [],
    toolInvocationToken: undefined as never,
  };
  return request as vscode.ChatRequest;
}
