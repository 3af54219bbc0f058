/**
 * IntersectionObserver without layout (happy-dom has none): an element is "in view" only when a
 * test says so with `Intersections.show`, which calls back every observer watching it.
 */
export class Intersections {
  readonly observers: FakeIntersectionObserver[] = [];

  /** The constructor to install as the page's IntersectionObserver. */
  readonly constructorForPage: typeof IntersectionObserver;

  constructor() {
    const registry = this.observers;
    class PageIntersectionObserver extends FakeIntersectionObserver {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        super(callback, options);
        registry.push(this);
      }
    }
    this.constructorForPage = PageIntersectionObserver;
  }

  /** Elements some observer watches. */
  watched(): Element[] {
    return this.observers.flatMap((observer) => [...observer.targets]);
  }

  /** Reports `elements` as intersecting (or, with `visible` false, as not) to their observers. */
  show(elements: readonly Element[], visible = true): void {
    for (const observer of [...this.observers]) {
      const entries = elements.filter((element) => observer.targets.has(element)).map((element) => entry(element, visible));
      if (entries.length > 0) {
        observer.deliver(entries);
      }
    }
  }
}

export class FakeIntersectionObserver {
  readonly targets = new Set<Element>();
  readonly root: Element | Document | null;
  readonly rootMargin: string;
  readonly thresholds: readonly number[] = [0];

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.root = options?.root ?? null;
    this.rootMargin = options?.rootMargin ?? '0px';
  }

  observe(target: Element): void {
    this.targets.add(target);
  }

  unobserve(target: Element): void {
    this.targets.delete(target);
  }

  disconnect(): void {
    this.targets.clear();
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  deliver(entries: IntersectionObserverEntry[]): void {
    this.callback(entries, this);
  }
}

function entry(target: Element, isIntersecting: boolean): IntersectionObserverEntry {
  const rect = target.getBoundingClientRect();
  return {
    target,
    isIntersecting,
    intersectionRatio: isIntersecting ? 1 : 0,
    boundingClientRect: rect,
    intersectionRect: rect,
    rootBounds: null,
    time: 0,
  };
}
