import { isOpenableLink } from '../../replies/common/replyProtocol';

/**
 * The only way rendered reply HTML reaches the page: a strict allowlist of exactly what
 * `renderMarkdown` produces, checked per element.
 *
 * The HTML is parsed in a document that has no window, where nothing runs or loads, and its nodes
 * are walked once. An element stays only if it is HTML (not SVG or MathML) and on the allowlist;
 * an attribute only if its element allows it and its value passes its check. Any other element
 * gives way to its content, except those whose content is never text to show (scripts, styles,
 * templates, frames, foreign markup), which go whole; comments go. The checked nodes themselves
 * then move into the page: nothing is serialized and parsed again, so no parse can turn them
 * into something the walk did not see (mutation XSS).
 */

const NONE: readonly string[] = [];

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: NONE,
  h1: NONE,
  h2: NONE,
  h3: NONE,
  h4: NONE,
  h5: NONE,
  h6: NONE,
  ul: NONE,
  ol: ['start'],
  li: NONE,
  blockquote: NONE,
  pre: NONE,
  code: ['class'],
  em: NONE,
  strong: NONE,
  del: NONE,
  s: NONE,
  a: ['href', 'title', 'class'],
  table: NONE,
  thead: NONE,
  tbody: NONE,
  tr: NONE,
  th: ['class'],
  td: ['class'],
  hr: NONE,
  br: NONE,
  span: ['class'],
  div: ['class', 'data-block-index', 'role', 'aria-label'],
};

/** Extra checks on attribute values; an attribute failing its check is removed. */
const VALUE_CHECKS: Readonly<Record<string, (value: string) => boolean>> = {
  href: (value) => /^https?:\/\//i.test(value) && isOpenableLink(value),
  start: (value) => /^\d{1,9}$/.test(value),
  role: (value) => value === 'toolbar',
  'data-block-index': (value) => /^\d{1,6}$/.test(value),
  class: (value) => /^[\w\s+#.-]*$/.test(value),
};

/** Elements removed with their content: it is code, styles, a document or markup of its own, never text to show. */
const REMOVED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'xmp',
  'plaintext',
  'textarea',
  'title',
  'head',
  'select',
  'audio',
  'video',
  'form',
  // Foreign markup, by name too: a parser without foreign content would make them HTML.
  'svg',
  'math',
]);

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

type Verdict = 'keep' | 'unwrap' | 'remove';

function verdictOn(node: Node): Verdict {
  if (node.nodeType === Node.TEXT_NODE) {
    return 'keep';
  }
  // A form is judged before any of its properties is read: its fields can stand in for them
  // (`<input name="localName">`), which is DOM clobbering.
  if (node.nodeType !== Node.ELEMENT_NODE || node instanceof HTMLFormElement) {
    return 'remove';
  }
  const element = node as Element;
  if (element.namespaceURI !== HTML_NAMESPACE) {
    return 'remove';
  }
  const name = element.localName;
  if (Object.hasOwn(ALLOWED, name)) {
    keepAllowedAttributes(element, ALLOWED[name] ?? NONE);
    return 'keep';
  }
  return REMOVED_WITH_CONTENT.has(name) ? 'remove' : 'unwrap';
}

function keepAllowedAttributes(element: Element, allowed: readonly string[]): void {
  const attributes = element.attributes;
  for (let index = attributes.length - 1; index >= 0; index--) {
    const attribute = attributes[index];
    if (attribute === undefined) {
      continue;
    }
    const check = VALUE_CHECKS[attribute.name];
    if (!allowed.includes(attribute.name) || attribute.namespaceURI !== null || (check !== undefined && !check(attribute.value))) {
      element.removeAttributeNode(attribute);
    }
  }
}

/** The node after `node` in document order within `root`, into its children only if `descend`. */
function following(node: Node, root: Node, descend: boolean): Node | null {
  if (descend && node.firstChild) {
    return node.firstChild;
  }
  for (let current: Node | null = node; current !== null && current !== root; current = current.parentNode) {
    if (current.nextSibling) {
      return current.nextSibling;
    }
  }
  return null;
}

/** Checks every node below `root` in document order, unwrapping or removing those that may not stay. */
function clean(root: Node): void {
  let node: Node | null = root.firstChild;
  while (node !== null) {
    const verdict = verdictOn(node);
    if (verdict === 'keep') {
      node = following(node, root, true);
      continue;
    }
    const next = following(node, root, false);
    const parent = node.parentNode;
    const firstChild = verdict === 'unwrap' ? node.firstChild : null;
    if (parent !== null) {
      // The content moves up in the element's place and is checked next, like any other node.
      for (let child = node.firstChild; verdict === 'unwrap' && child !== null; child = node.firstChild) {
        parent.insertBefore(child, node);
      }
      parent.removeChild(node);
    }
    node = firstChild ?? next;
  }
}

/**
 * For each page, a document with no window: HTML parsed into it runs no script and loads nothing.
 * One is kept, as a new document for each part of a long reply cost more than sanitizing the part.
 */
const inertDocuments = new WeakMap<Document, Document>();

function inertDocument(): Document {
  let inert = inertDocuments.get(document);
  if (!inert) {
    inert = document.implementation.createHTMLDocument('');
    inertDocuments.set(document, inert);
  }
  return inert;
}

/** The HTML as a sanitized fragment, ready to insert. */
export function sanitizeHtml(html: string): DocumentFragment {
  const holder = inertDocument().createElement('div');
  holder.innerHTML = html;
  clean(holder);
  // Sanitized where it was parsed, then moved (adopted), not copied, into the page.
  const fragment = document.createDocumentFragment();
  fragment.append(...holder.childNodes);
  return fragment;
}
