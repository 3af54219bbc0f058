import * as vscode from 'vscode';

/**
 * The stable Language Model Chat Provider API (VS Code 1.104 and later), declared here because the
 * extension is typed against the oldest VS Code it supports, which lacks it. Only what we use.
 */
export interface LanguageModelChatInformation {
  readonly id: string;
  readonly name: string;
  readonly family: string;
  readonly version: string;
  readonly tooltip?: string;
  readonly detail?: string;
  readonly maxInputTokens: number;
  readonly maxOutputTokens: number;
  readonly capabilities: { readonly imageInput?: boolean; readonly toolCalling?: boolean | number };
}

export interface LanguageModelChatRequestMessage {
  readonly role: vscode.LanguageModelChatMessageRole;
  readonly content: ReadonlyArray<unknown>;
  readonly name: string | undefined;
}

export interface LanguageModelChatProvider {
  readonly onDidChangeLanguageModelChatInformation?: vscode.Event<void>;
  provideLanguageModelChatInformation(
    options: { readonly silent: boolean },
    token: vscode.CancellationToken,
  ): vscode.ProviderResult<LanguageModelChatInformation[]>;
  provideLanguageModelChatResponse(
    model: LanguageModelChatInformation,
    messages: readonly LanguageModelChatRequestMessage[],
    options: unknown,
    progress: vscode.Progress<vscode.LanguageModelTextPart>,
    token: vscode.CancellationToken,
  ): Thenable<void>;
  provideTokenCount(
    model: LanguageModelChatInformation,
    text: string | LanguageModelChatRequestMessage,
    token: vscode.CancellationToken,
  ): Thenable<number>;
}

export type RegisterLanguageModelChatProvider = (vendor: string, provider: LanguageModelChatProvider) => vscode.Disposable;

/** `vscode.lm.registerLanguageModelChatProvider` where the running VS Code has it, else undefined. */
export function findRegisterLanguageModelChatProvider(): RegisterLanguageModelChatProvider | undefined {
  const lm: object | undefined = (vscode as { readonly lm?: object }).lm;
  const register: unknown = lm ? Reflect.get(lm, 'registerLanguageModelChatProvider') : undefined;
  if (lm === undefined || typeof register !== 'function') {
    return undefined;
  }
  return (vendor, provider) => Reflect.apply(register, lm, [vendor, provider]) as vscode.Disposable;
}

/** A VS Code class by name where the running VS Code has it (e.g. LanguageModelDataPart, 1.105+). */
export function optionalVscodeClass(name: string): (abstract new (...args: never[]) => object) | undefined {
  const value: unknown = Reflect.get(vscode, name);
  return typeof value === 'function' ? (value as abstract new (...args: never[]) => object) : undefined;
}
