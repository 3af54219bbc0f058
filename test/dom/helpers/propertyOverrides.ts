/**
 * Properties replaced for one test or one describe block and put back after it, so that what a test
 * changes on the page (globals, window and document properties, their listeners) ends with it.
 */

/** What each replaced property was before: no descriptor where it did not exist. */
export type Saved = Map<string, PropertyDescriptor | undefined>;

export function replaceProperties(target: object, values: Readonly<Record<string, unknown>>): Saved {
  const saved: Saved = new Map();
  for (const [name, value] of Object.entries(values)) {
    saved.set(name, Object.getOwnPropertyDescriptor(target, name));
    Object.defineProperty(target, name, { configurable: true, writable: true, value });
  }
  return saved;
}

export function restoreProperties(target: object, saved: Saved): void {
  for (const [name, descriptor] of saved) {
    if (descriptor) {
      Object.defineProperty(target, name, descriptor);
    } else {
      Reflect.deleteProperty(target, name);
    }
  }
}

export type Listener = [type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions];

/** Records the listeners added to `target` so they can be removed after the test. */
export function trackListeners(target: EventTarget, into: Array<{ target: EventTarget; args: Listener }>): Saved {
  const add = target.addEventListener.bind(target);
  return replaceProperties(target, {
    addEventListener: (...args: Listener) => {
      into.push({ target, args });
      add(...args);
    },
  });
}
