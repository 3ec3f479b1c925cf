import { useCallback, useEffect, useRef } from 'react';

/** The attribute that names a line: lines with the same value, in different cells, are levelled. */
export const LINE_ATTRIBUTE = 'data-line';

/**
 * Keeps a user's per-company lines level across the users tables' cells: each company has a line
 * in the company, roles, categories and role columns, and a line whose tags wrap would push the
 * next company's lines below their neighbours'. Every line marked with LINE_ATTRIBUTE takes the
 * height of the tallest line with the same value, again when the table's content or width
 * changes. Pass the ref callback to an element around the table.
 */
export function useLevelLines(): (el: HTMLElement | null) => void {
  const cleanup = useRef<(() => void) | null>(null);
  const ref = useCallback((root: HTMLElement | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!root || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const level = () => {
      const groups = new Map<string, HTMLElement[]>();
      for (const line of root.querySelectorAll<HTMLElement>(`[${LINE_ATTRIBUTE}]`)) {
        line.style.minHeight = '';
        const key = line.getAttribute(LINE_ATTRIBUTE) ?? '';
        const group = groups.get(key);
        if (group) group.push(line);
        else groups.set(key, [line]);
      }
      for (const group of groups.values()) {
        if (group.length < 2) continue;
        const tallest = Math.max(...group.map((line) => line.getBoundingClientRect().height));
        for (const line of group) line.style.minHeight = `${tallest}px`;
      }
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(level);
    };
    const resized = new ResizeObserver(schedule);
    resized.observe(root);
    const changed = new MutationObserver(schedule);
    changed.observe(root, { childList: true, subtree: true, characterData: true });
    level();
    cleanup.current = () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      changed.disconnect();
    };
  }, []);
  useEffect(() => () => cleanup.current?.(), []);
  return ref;
}
