/** Finding elements the way the UI tests do (by the page's classes, ids and data attributes). */

/** The only element matching `selector`; fails the test when there is none or more than one. */
export function one<E extends Element = HTMLElement>(root: ParentNode, selector: string): E {
  const found = root.querySelectorAll<E>(selector);
  if (found.length !== 1) {
    throw new Error(`expected one element for ${selector}, found ${found.length}`);
  }
  return found[0] as E;
}

export function all<E extends Element = HTMLElement>(root: ParentNode, selector: string): E[] {
  return [...root.querySelectorAll<E>(selector)];
}

/** The text of an element with runs of whitespace collapsed. */
export function textOf(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** `attribute` of every element matching `selector`, in document order. */
export function attributes(root: ParentNode, selector: string, attribute: string): Array<string | null> {
  return all(root, selector).map((element) => element.getAttribute(attribute));
}
