import { fillString, mergeWebviewStrings, type WebviewStringKey, type WebviewStrings } from '../common/webviewStrings';

/**
 * The texts this webview shows. The host puts its localized strings in the shell's
 * `data-strings`; until `useStrings` is called (and for anything missing) English is used.
 */
let current: WebviewStrings = mergeWebviewStrings(undefined);

export function useStrings(raw: unknown): void {
  current = mergeWebviewStrings(raw);
}

export function text(key: WebviewStringKey, ...args: Array<string | number>): string {
  return args.length === 0 ? current[key] : fillString(current[key], ...args);
}
