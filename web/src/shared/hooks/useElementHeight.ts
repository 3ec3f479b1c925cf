import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Follows an element's inner height (ResizeObserver): pass the ref callback to the element.
 * 0 until measured (and in jsdom, which has no layout).
 */
export function useElementHeight(): [(el: HTMLElement | null) => void, number] {
  const [height, setHeight] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    setHeight(el.clientHeight);
    observer.current = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.current.observe(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, height];
}
