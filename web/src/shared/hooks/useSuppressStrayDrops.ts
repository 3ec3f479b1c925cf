import { useEffect } from 'react';

/**
 * Handles a drag or drop that reached the window. A drop target handles (and cancels)
 * the events itself; anything else would make the browser open the dropped file in
 * place of the app, so it is cancelled here and shown as "no drop".
 */
export function suppressStrayDrop(event: DragEvent): void {
  if (event.defaultPrevented) return;
  event.preventDefault();
  if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
}

/** Files dropped outside a drop target must not make the browser leave the app (spec 000 §2.5). */
export function useSuppressStrayDrops(target: Window = window): void {
  useEffect(() => {
    target.addEventListener('dragover', suppressStrayDrop);
    target.addEventListener('drop', suppressStrayDrop);
    return () => {
      target.removeEventListener('dragover', suppressStrayDrop);
      target.removeEventListener('drop', suppressStrayDrop);
    };
  }, [target]);
}
