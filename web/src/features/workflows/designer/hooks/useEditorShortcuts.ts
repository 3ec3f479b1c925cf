import { useEffect } from 'react';

export interface EditorShortcuts {
  readonly undo: () => void;
  readonly redo: () => void;
  readonly copy: () => void;
  readonly paste: () => void;
  readonly duplicate: () => void;
}

const typingInto = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox');

/**
 * Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redo, Ctrl/Cmd+C, V and D copy, paste and
 * duplicate; not while the person types into a field (where they edit the text).
 */
export function useEditorShortcuts(actions: EditorShortcuts, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || typingInto(event.target)) return;
      const key = event.key.toLowerCase();
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (key === 'z') run(event.shiftKey ? actions.redo : actions.undo);
      else if (key === 'y') run(actions.redo);
      else if (key === 'c' && !window.getSelection()?.toString()) run(actions.copy);
      else if (key === 'v') run(actions.paste);
      else if (key === 'd') run(actions.duplicate);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actions, enabled]);
}
