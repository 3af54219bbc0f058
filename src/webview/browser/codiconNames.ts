/**
 * Every codicon the webviews show. The build reads this list to cut the codicon font down to
 * these glyphs (and their CSS rules), so an icon missing here renders as nothing.
 * Plain data, no imports: esbuild.js evaluates this file on its own.
 */
export const CODICON_NAMES = [
  'history',
  'copy',
  'insert',
  'diff',
  'replace',
  'new-file',
  'comment-discussion',
  'ellipsis',
  'check',
  'error',
  'arrow-up',
  'arrow-down',
  'close',
  'edit',
  'trash',
  'refresh',
  'eye-closed',
  'inspect',
  'book',
  'eye',
  'warning',
  'send',
  'mention',
  'list-selection',
  'attach',
  'stop-circle',
  'repo-forked',
  'diff-multiple',
  'discard',
] as const;

export type CodiconName = (typeof CODICON_NAMES)[number];
