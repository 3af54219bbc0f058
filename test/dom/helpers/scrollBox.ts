/**
 * Gives `scroller` the box a browser would lay out, which happy-dom does not: a viewport `viewport`
 * px tall over content `contentHeight()` px tall, its scroll offset clamped as a browser clamps it.
 */
export function layOutScrollBox(scroller: HTMLElement, viewport: number, contentHeight: () => number): void {
  let top = 0;
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => viewport });
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: contentHeight });
  Object.defineProperty(scroller, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = Math.max(0, Math.min(value, contentHeight() - viewport));
    },
  });
}
