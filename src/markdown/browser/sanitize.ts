import DOMPurify, { type Config } from 'dompurify';
import { isOpenableLink } from '../../replies/common/replyProtocol';

/**
 * The only way rendered reply HTML reaches the page: a strict allowlist of exactly what
 * `renderMarkdown` produces, checked per element.
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
  href: isOpenableLink,
  start: (value) => /^\d{1,9}$/.test(value),
  role: (value) => value === 'toolbar',
  'data-block-index': (value) => /^\d{1,6}$/.test(value),
  class: (value) => /^[\w\s+#.-]*$/.test(value),
};

const CONFIG: Config & { IN_PLACE: true } = {
  ALLOWED_TAGS: Object.keys(ALLOWED),
  ALLOWED_ATTR: [...new Set(Object.values(ALLOWED).flat())],
  ALLOW_ARIA_ATTR: false,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^https?:\/\//i,
  // Attributes whose values are not URLs, so the URL pattern above must not judge them.
  ADD_URI_SAFE_ATTR: ['aria-label', 'data-block-index', 'start'],
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  KEEP_CONTENT: true,
  IN_PLACE: true,
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (!purifier) {
    purifier = DOMPurify(window);
    // Read once: passed to every call, the configuration is parsed again for each part of a reply.
    purifier.setConfig(CONFIG);
    purifier.addHook('uponSanitizeAttribute', (node, event) => {
      const allowed = ALLOWED[node.nodeName.toLowerCase()] ?? NONE;
      const check = VALUE_CHECKS[event.attrName];
      if (!allowed.includes(event.attrName) || (check !== undefined && !check(event.attrValue))) {
        event.keepAttr = false;
      }
    });
  }
  return purifier;
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
  // Sanitized where it was parsed, then moved (adopted), not copied, into the page.
  getPurifier().sanitize(holder);
  const fragment = document.createDocumentFragment();
  fragment.append(...holder.childNodes);
  return fragment;
}
