import { text } from '../../webview/browser/strings';
import { nestsTooDeep } from '../common/blockState';
import { fenceLanguage } from '../common/fenceLanguage';
import { createMarkdown, parseMarkdown, type Markdown } from '../common/markdown';
import { highlightCode, isHighlighted } from './highlight';
import { isOpenableLink } from '../../replies/common/replyProtocol';
import { formatLongParagraphsAsText, isLongParagraph, PARAGRAPH_PART, paragraphParts } from './paragraphParts';
import { hasLineLongerThan, MAX_SHOWN_LINE, shownLines, shownText } from './shownText';

/**
 * Markdown → HTML for the webviews, without touching the DOM. The result still goes through the
 * sanitizer before it reaches the page.
 *
 * Code blocks are numbered like `extractCodeBlocks` numbers them: every `fence` and `code_block`
 * token in document order, from 0. Images are never loaded, and only absolute http(s) links
 * remain links.
 */

type Token = ReturnType<Markdown['parse']>[number];
type RenderRule = Markdown['renderer']['rules'][string];

/**
 * A block longer than this is shown without highlighting: highlighting it and building its DOM
 * would hold the main thread for longer than a frame budget allows (about 2 ms a KB).
 */
export const MAX_HIGHLIGHTED_BLOCK = 12_000;
/** Once this much code of one reply is highlighted, the remaining blocks are shown plain. */
export const MAX_HIGHLIGHTED_TOTAL = 300_000;

/** Class of a `<code>` whose highlighting was deferred (see `RenderOptions.deferHighlight`). */
export const PENDING_HIGHLIGHT_CLASS = 'pending-highlight';

export interface RenderOptions {
  /**
   * Leave the blocks that would be highlighted as escaped text, marked with
   * PENDING_HIGHLIGHT_CLASS, for `highlightDeferred` to highlight later (when they come into view).
   */
  readonly deferHighlight?: boolean;
  /** Show every code block plain (the start of a block whose later lines come plain). */
  readonly plainCode?: boolean;
}

/** Numbering and the highlight budget carried from one segment of a reply to the next. */
export interface RenderProgress {
  nextBlock: number;
  highlightBudget: number;
}

export function startProgress(): RenderProgress {
  return { nextBlock: 0, highlightBudget: MAX_HIGHLIGHTED_TOTAL };
}

interface BlockPlan {
  readonly index: number;
  readonly highlight: boolean;
  readonly deferred: boolean;
}

const blockPlans = new WeakMap<Token, BlockPlan>();
const ALIGN_STYLE = /^text-align:(left|center|right)$/;

let configured: Markdown | undefined;

function markdownIt(): Markdown {
  return (configured ??= configure(createMarkdown()));
}

export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  return renderSegment(markdown, startProgress(), options).join('');
}

/**
 * One segment of a reply (see `splitIntoSegments`) as HTML in parts, each small enough to
 * sanitize and lay out in one go (a long paragraph is several parts), its code blocks numbered on
 * from `progress`, which it advances.
 */
export function renderSegment(markdown: string, progress: RenderProgress, options: RenderOptions = {}): string[] {
  const md = markdownIt();
  if (nestsTooDeep(markdown)) {
    return renderAsText(markdown, md.utils.escapeHtml);
  }
  const env: Record<string, unknown> = {};
  const { tokens, complete } = parseMarkdown(md, markdown, env);
  if (!complete) {
    return renderAsText(markdown, md.utils.escapeHtml);
  }
  prepare(tokens, progress, options);
  const parts: string[] = [];
  let from = 0;
  for (let index = 0; index < tokens.length; index++) {
    const children = tokens[index]?.children;
    if (children && isLongParagraph(tokens, index)) {
      parts.push(md.renderer.render(tokens.slice(from, index - 1), md.options, env));
      for (const part of paragraphParts(children)) {
        parts.push(`<p class="paragraph-part">${md.renderer.renderInline(part, md.options, env)}</p>\n`);
      }
      from = index + 2;
    }
  }
  parts.push(md.renderer.render(tokens.slice(from), md.options, env));
  return parts.filter((part) => part !== '');
}

/** A reply nested too deep for markdown, shown whole as text under a note, so nothing of it is lost. */
function renderAsText(markdown: string, escape: (text: string) => string): string[] {
  const parts = [`<div class="render-note">${escape(text('shownAsText'))}</div>\n`];
  // In parts that end at a line's end, each laid out on its own.
  for (let start = 0; start < markdown.length;) {
    const newline = markdown.indexOf('\n', start + PARAGRAPH_PART);
    const end = newline === -1 ? markdown.length : newline;
    parts.push(`<div class="plain-reply">${shownText(markdown.slice(start, end), escape)}</div>\n`);
    start = end + 1;
  }
  return parts;
}

/**
 * The HTML of a code block rendered with `deferHighlight`: `code` is its text, `codeClass` the
 * class of its `<code>` (which names the language). Same output the block would have had.
 */
export function highlightDeferred(code: string, codeClass: string): string {
  const language = /(?:^|\s)language-(\S+)/.exec(codeClass)?.[1] ?? '';
  return highlightCode(code, language, markdownIt().utils.escapeHtml);
}

/**
 * Numbers the code blocks (choosing which get highlighted), drops unsafe links and turns table
 * alignment into classes.
 */
function prepare(tokens: Token[], progress: RenderProgress, options: RenderOptions): void {
  const deferred = options.deferHighlight === true;
  for (const token of tokens) {
    if (token.type === 'fence' || token.type === 'code_block') {
      const length = token.content.length;
      const highlight =
        token.type === 'fence' &&
        options.plainCode !== true &&
        length <= MAX_HIGHLIGHTED_BLOCK &&
        length <= progress.highlightBudget &&
        !hasLineLongerThan(token.content, MAX_SHOWN_LINE) &&
        isHighlighted(fenceLanguage(token.info));
      if (highlight) {
        progress.highlightBudget -= length;
      }
      blockPlans.set(token, { index: progress.nextBlock++, highlight, deferred });
    } else if (token.type === 'th_open' || token.type === 'td_open') {
      alignmentToClass(token);
    } else if (token.type === 'inline' && token.children) {
      token.children = withoutUnsafeLinks(token.children);
    }
  }
}

function alignmentToClass(token: Token): void {
  const match = ALIGN_STYLE.exec(String(token.attrGet('style') ?? ''));
  token.attrs = match ? [['class', `align-${match[1] ?? 'left'}`]] : null;
}

/** The inline tokens with every link whose target is not a safe link reduced to its text. */
function withoutUnsafeLinks(children: Token[]): Token[] {
  const kept: Token[] = [];
  const open: boolean[] = [];
  for (const child of children) {
    if (child.type === 'link_open') {
      const safe = isOpenableLink(String(child.attrGet('href') ?? ''));
      open.push(safe);
      if (safe) {
        kept.push(child);
      }
    } else if (child.type === 'link_close') {
      if (open.pop() === true) {
        kept.push(child);
      }
    } else {
      kept.push(child);
    }
  }
  return kept;
}

function configure(md: Markdown): Markdown {
  const escape = md.utils.escapeHtml;
  formatLongParagraphsAsText(md);
  const codeBlock: RenderRule = (tokens, idx) => {
    const token = tokens[idx];
    if (!token) {
      return '';
    }
    const plan = blockPlans.get(token) ?? { index: 0, highlight: false, deferred: false };
    const language = token.type === 'fence' ? fenceLanguage(token.info) : '';
    if (plan.highlight && plan.deferred && languageClass(language) === language) {
      return renderCodeBlock(plan.index, language, escape(token.content), escape, PENDING_HIGHLIGHT_CLASS);
    }
    const codeHtml = plan.highlight ? highlightCode(token.content, language, escape) : shownLines(token.content, escape);
    return renderCodeBlock(plan.index, language, codeHtml, escape);
  };
  md.renderer.rules['text'] = (tokens, idx) => shownText(tokens[idx]?.content ?? '', escape);
  md.renderer.rules['code_inline'] = (tokens, idx) => `<code>${shownText(tokens[idx]?.content ?? '', escape)}</code>`;
  md.renderer.rules['fence'] = codeBlock;
  md.renderer.rules['code_block'] = codeBlock;

  md.renderer.rules['image'] = (tokens, idx, options, env, renderer) => {
    const token = tokens[idx];
    const alt = token?.children ? renderer.renderInlineAsText(token.children, options, env).trim() : '';
    const placeholder = alt === '' ? text('image') : text('imageWithAlt', alt);
    return `<span class="image-placeholder">${escape(placeholder)}</span>`;
  };

  md.renderer.rules['link_open'] = (tokens, idx) => {
    const href = escape(String(tokens[idx]?.attrGet('href') ?? ''));
    return `<a href="${href}" class="external-link" title="${href}">`;
  };
  return md;
}

/** Characters kept in a language class name; the rest are dropped. */
const CLASS_UNSAFE = /[^a-z0-9_+#.-]/g;

/** The language as it appears in the `language-…` class. */
function languageClass(language: string): string {
  return language.slice(0, 40).replace(CLASS_UNSAFE, '') || 'plaintext';
}

function renderCodeBlock(index: number, language: string, codeHtml: string, escape: (text: string) => string, extraClass = ''): string {
  const shortLanguage = language.slice(0, 40);
  const className = languageClass(language) + (extraClass === '' ? '' : ` ${extraClass}`);
  const label = shortLanguage === '' ? '' : `<span class="code-language">${escape(shortLanguage)}</span>`;
  return (
    `<div class="code-block" data-block-index="${index}">` +
    `<div class="code-actions" role="toolbar" aria-label="${escape(text('codeBlockActions', index + 1))}">${label}</div>` +
    `<pre><code class="hljs language-${escape(className)}">${codeHtml}</code></pre>` +
    `</div>\n`
  );
}
