/**
 * Localization for common and node code, without depending on VS Code: messages are written as
 * `l10n.t('Text with {0}', value)` (the same form as vscode.l10n.t, so VS Code's l10n tooling finds
 * them), and the extension host installs vscode.l10n.t as the translator at activation.
 * Without a translator the English text is formatted as is.
 */
export type Translator = (message: string, ...args: Array<string | number>) => string;

let translator: Translator = formatMessage;

export const l10n = {
  t(message: string, ...args: Array<string | number>): string {
    return translator(message, ...args);
  },
};

export function setTranslator(next: Translator | undefined): void {
  translator = next ?? formatMessage;
}

/** Replaces {0}, {1}, … with the arguments. */
export function formatMessage(message: string, ...args: Array<string | number>): string {
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}
