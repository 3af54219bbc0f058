/** Small readers of the HTML that `renderMarkdown` produces, for assertions. */

export interface RenderedBlock {
  readonly index: number;
  readonly codeClass: string;
  readonly codeHtml: string;
}

const BLOCK = /<div class="code-block" data-block-index="(\d+)">[\s\S]*?<pre><code class="([^"]*)">([\s\S]*?)<\/code><\/pre><\/div>/g;

export function renderedBlocks(html: string): RenderedBlock[] {
  return [...html.matchAll(BLOCK)].map((match) => ({
    index: Number(match[1]),
    codeClass: match[2] ?? '',
    codeHtml: match[3] ?? '',
  }));
}

/** The text of an HTML fragment: tags removed, the renderer's entities decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export function tagNames(html: string): Set<string> {
  return new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((match) => (match[1] ?? '').toLowerCase()));
}

export function hrefs(html: string): string[] {
  return [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1] ?? '');
}

/** Every tag the renderer may emit (the sanitizer's allowlist). */
export const RENDERER_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  'del',
  's',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'br',
  'span',
  'div',
]);
