// jsdom has no layout, so no IntersectionObserver: this one lets a test say when the observed
// elements scroll into view (scrollIntoView below), as a browser would on scrolling.
type Callback = (entries: Array<{ isIntersecting: boolean; target: Element }>) => void;

const observers = new Set<FakeIntersectionObserver>();

class FakeIntersectionObserver {
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: Callback) {
    observers.add(this);
  }
  observe(target: Element): void {
    this.targets.add(target);
  }
  unobserve(target: Element): void {
    this.targets.delete(target);
  }
  disconnect(): void {
    this.targets.clear();
    observers.delete(this);
  }
  takeRecords(): [] {
    return [];
  }
  seen(target: Element): boolean {
    if (!this.targets.has(target)) return false;
    this.callback([{ isIntersecting: true, target }]);
    return true;
  }
}

/** Installs the fake observer (call in beforeEach; removeIntersectionObserver in afterEach). */
export function installIntersectionObserver(): void {
  observers.clear();
  Object.defineProperty(window, 'IntersectionObserver', { writable: true, configurable: true, value: FakeIntersectionObserver });
  Object.defineProperty(globalThis, 'IntersectionObserver', { writable: true, configurable: true, value: FakeIntersectionObserver });
}

export function removeIntersectionObserver(): void {
  observers.clear();
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
}

/** The element scrolls into view: every observer watching it hears so. Returns how many did. */
export function scrollIntoView(target: Element): number {
  let heard = 0;
  for (const o of [...observers]) if (o.seen(target)) heard += 1;
  return heard;
}
