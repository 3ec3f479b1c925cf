import type { ReactNode } from 'react';

export interface InsightsGridProps {
  /** The narrowest a cell gets before the grid wraps it onto its own line. */
  readonly min: number;
  readonly gap?: number;
  readonly children: ReactNode;
}

/** Cells side by side as far as they fit, each at least min wide (a plain CSS grid). */
export function InsightsGrid({ min, gap = 16, children }: InsightsGridProps) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}px), 1fr))`, gap, minWidth: 0 }}>
      {children}
    </div>
  );
}
