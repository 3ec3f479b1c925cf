import { useRef } from 'react';
import type { WorkflowNode } from '../../canvas/types';

const samePlaceAside = (a: WorkflowNode, b: WorkflowNode): boolean =>
  a === b || (a.id === b.id && a.type === b.type && a.data === b.data && a.selected === b.selected);

/**
 * The nodes as the sidebar and toolbar see them: the same array for as long as only places
 * change (a drag moves a node on every mouse move), so that what does not show a place is
 * not drawn again on every move of a drag.
 */
export function useNodesApartFromPlace(nodes: readonly WorkflowNode[]): WorkflowNode[] {
  const kept = useRef(nodes as WorkflowNode[]);
  const previous = kept.current;
  if (previous !== nodes && (previous.length !== nodes.length || nodes.some((n, i) => !samePlaceAside(n, previous[i] as WorkflowNode)))) {
    kept.current = nodes as WorkflowNode[];
  }
  return kept.current;
}
