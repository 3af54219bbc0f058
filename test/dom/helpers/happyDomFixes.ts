/**
 * Two gaps in happy-dom that make DOMPurify (which the webview sanitizes every reply with) keep
 * what a browser's DOMPurify removes. Without these the sanitizer tests would test happy-dom, not
 * the webview. Both are open upstream:
 *
 * - `Node.prototype.nodeName` read through its getter gives '' for every node
 *   (capricorn86/happy-dom#2182). DOMPurify reads tag names exactly that way.
 * - A NodeIterator loses its place when the node it stands on is removed: DOMPurify then stops
 *   at the first node it removes and leaves the rest of the reply unchecked (the symptom is
 *   capricorn86/happy-dom#1810).
 *
 * The fixes follow the DOM standard; `test/dom/sanitize.test.ts` checks that they still hold.
 */
export function fixHappyDomForSanitizer(window: Window & typeof globalThis): void {
  fixNodeNameGetter(window);
  fixNodeIterator(window);
}

/** The standard's `nodeName`: the most derived getter below Node, as reading `node.nodeName` gives. */
function fixNodeNameGetter(window: Window & typeof globalThis): void {
  const nodePrototype = window.Node.prototype;
  const original = Object.getOwnPropertyDescriptor(nodePrototype, 'nodeName');
  if (!original || typeof original.get !== 'function') {
    throw new Error('happy-dom changed: Node.prototype.nodeName is no longer a getter');
  }
  // Node's own getter, for nodes whose classes do not override it.
  const nodeOwn: object = Object.defineProperty({}, 'nodeName', original);
  Object.defineProperty(nodePrototype, 'nodeName', {
    ...original,
    get(this: Node): unknown {
      let prototype: unknown = Object.getPrototypeOf(this);
      while (typeof prototype === 'object' && prototype !== null && prototype !== nodePrototype) {
        if (Object.hasOwn(prototype, 'nodeName')) {
          return Reflect.get(prototype, 'nodeName', this);
        }
        prototype = Object.getPrototypeOf(prototype);
      }
      return Reflect.get(nodeOwn, 'nodeName', this);
    },
  });
}

/** NodeFilter's SHOW_* bit for each node type. */
const SHOW_BITS: Readonly<Record<number, number>> = { 1: 0x1, 2: 0x2, 3: 0x4, 4: 0x8, 7: 0x40, 8: 0x80, 9: 0x100, 10: 0x200, 11: 0x400 };

function following(node: Node, root: Node): Node | null {
  if (node.firstChild) {
    return node.firstChild;
  }
  for (let current: Node | null = node; current && current !== root; current = current.parentNode) {
    if (current.nextSibling) {
      return current.nextSibling;
    }
  }
  return null;
}

function preceding(node: Node, root: Node): Node | null {
  if (node === root) {
    return null;
  }
  let previous = node.previousSibling;
  if (!previous) {
    return node.parentNode;
  }
  while (previous.lastChild) {
    previous = previous.lastChild;
  }
  return previous;
}

/**
 * A forward NodeIterator with the standard's removing steps: when the node it stands on leaves
 * the tree, it continues from the node that preceded it, so nodes inserted in its place are
 * still visited. (DOMPurify only walks forwards.)
 */
class RemovalSafeNodeIterator {
  private reference: Node | null = null;
  private beforeReference: Node | null = null;

  constructor(
    readonly root: Node,
    readonly whatToShow: number,
    readonly filter: NodeFilter | null,
  ) {}

  nextNode(): Node | null {
    let candidate: Node | null;
    if (this.reference === null) {
      candidate = this.root;
    } else if (this.reference === this.root || this.root.contains(this.reference)) {
      candidate = following(this.reference, this.root);
    } else {
      candidate = this.beforeReference === null ? this.root : following(this.beforeReference, this.root);
    }
    for (; candidate !== null; candidate = following(candidate, this.root)) {
      if (this.accepts(candidate)) {
        this.reference = candidate;
        this.beforeReference = preceding(candidate, this.root);
        return candidate;
      }
    }
    return null;
  }

  previousNode(): Node | null {
    throw new Error('previousNode is not supported by the test DOM');
  }

  detach(): void {}

  private accepts(node: Node): boolean {
    if ((this.whatToShow & (SHOW_BITS[node.nodeType] ?? 0)) === 0) {
      return false;
    }
    if (this.filter === null) {
      return true;
    }
    const verdict = typeof this.filter === 'function' ? this.filter(node) : this.filter.acceptNode(node);
    return verdict === 1;
  }
}

function fixNodeIterator(window: Window): void {
  let owner: object | null = window.document;
  while (owner !== null && !Object.hasOwn(owner, 'createNodeIterator')) {
    owner = Object.getPrototypeOf(owner) as object | null;
  }
  if (owner === null) {
    throw new Error('happy-dom changed: no createNodeIterator on Document');
  }
  Object.defineProperty(owner, 'createNodeIterator', {
    configurable: true,
    writable: true,
    value(root: Node, whatToShow = 0xffffffff, filter: NodeFilter | null = null): RemovalSafeNodeIterator {
      return new RemovalSafeNodeIterator(root, whatToShow >>> 0, filter);
    },
  });
}
