/**
 * The most conversations the history panel lists, newest first (the search finds any older ones).
 * The panel lists every conversation, so this is ten times the 5,000 its frame budget is held to:
 * 5,000 entries are about 700 KB, which the webview receives and checks in about 15 ms.
 */
export const MAX_HISTORY_LISTED = 50_000;

/** How many of the newest conversations the chat's state carries until the history panel is opened. */
export const FIRST_HISTORY_LISTED = 200;
