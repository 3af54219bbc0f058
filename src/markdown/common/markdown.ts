import MarkdownIt from 'markdown-it';
import { MAX_NESTING } from './blockState';

export type Markdown = InstanceType<typeof MarkdownIt>;

/** The `env` of every parse that reached MAX_NESTING and so dropped text. */
const cutShort = new WeakSet<object>();

/**
 * The webview's markdown configuration. Raw HTML in replies is never interpreted: it stays text.
 * The host reads code blocks by index with `extractCodeBlocks` (codeBlocks.ts), which finds
 * exactly the code blocks this parser does: a change here that moves blocks must change both.
 */
export function createMarkdown(): Markdown {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false, maxNesting: MAX_NESTING });
  const tokenize = md.block.tokenize.bind(md.block);
  // markdown-it's block tokenizer skips the remaining lines of a block nested too deep; noticing
  // it here is the only way to know a parse lost text.
  md.block.tokenize = (state, startLine, endLine) => {
    if (state.level >= MAX_NESTING) {
      const line = state.skipEmptyLines(startLine);
      if (line < endLine && (state.sCount[line] ?? 0) >= state.blkIndent) {
        cutShort.add(state.env);
      }
    }
    tokenize(state, startLine, endLine);
  };
  return md;
}

/** A parse with `createMarkdown`'s parser: its tokens, and whether they hold all of the text. */
export function parseMarkdown(
  md: Markdown,
  markdown: string,
  env: Record<string, unknown> = {},
): { readonly tokens: ReturnType<Markdown['parse']>; readonly complete: boolean } {
  const tokens = md.parse(markdown, env);
  return { tokens, complete: !cutShort.has(env) };
}
