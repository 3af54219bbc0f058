/**
 * Gestures as methods: the workbench's gestures are plain functions of a page, and a window offers
 * each as a method of the same name on its own page, from one table instead of a forwarding
 * method apiece.
 */
import type { Page } from 'playwright-core';

/** Something a user does in, or reads from, a workbench page. */
type Gesture = (page: Page, ...args: never[]) => unknown;

/** A table of gestures, by the name of the method each becomes. */
type Gestures = Record<string, Gesture>;

/** A gesture as a method of a window, which supplies the page. */
type Method<G> = G extends (page: Page, ...args: infer A) => infer R ? (...args: A) => R : never;

type Window<T extends Gestures> = { readonly page: Page } & { readonly [K in keyof T]: Method<T[K]> };

/**
 * A base class whose instances hold `page` and have every gesture of `gestures` as a method on it.
 * The methods go on the prototype, as a class's own would: not enumerable, and replaceable.
 */
export function withGestures<T extends Gestures>(gestures: T): new (page: Page) => Window<T> {
  const base = class {
    constructor(readonly page: Page) {}
  };
  for (const [name, gesture] of Object.entries(gestures)) {
    Object.defineProperty(base.prototype, name, {
      value: function (this: { readonly page: Page }, ...args: never[]) {
        return gesture(this.page, ...args);
      },
      writable: true,
      configurable: true,
    });
  }
  return base as new (page: Page) => Window<T>;
}
