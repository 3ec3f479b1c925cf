import type { NodeProps } from '@xyflow/react';

/**
 * Whether a node component would draw the same: a node is drawn from its id, data and
 * selection alone (the mode, errors and texts come from the canvas context). React Flow also
 * passes its place, size and drag state, which change on every measurement and every move of
 * a drag; drawing hundreds of nodes again for those is wasted work.
 */
export const sameView = (a: NodeProps, b: NodeProps): boolean =>
  a.id === b.id && a.data === b.data && a.selected === b.selected;
