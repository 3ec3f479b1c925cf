import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from './types';

// Copy, paste and duplicate: the selected nodes with the edges between them (the inner
// edges); edges to nodes left out would dangle and are not copied.

export type Fragment = WorkflowGraph;

/** The selected nodes and the edges joining two of them. */
export function copySelection(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): Fragment {
  const picked = nodes.filter((n) => n.selected);
  const ids = new Set(picked.map((n) => n.id));
  return {
    nodes: picked.map((n) => structuredClone({ ...n, selected: false })),
    edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)).map((e) => ({ ...e, selected: false })),
  };
}

/**
 * The fragment's copies with fresh ids, moved by offset and selected; a start node is not
 * pasted (a workflow has one).
 */
export function pasteFragment(
  fragment: Fragment,
  existing: WorkflowGraph,
  newId: (type: string) => string,
  offset = { x: 40, y: 40 },
): Fragment {
  const taken = new Set([...existing.nodes.map((n) => n.id), ...existing.edges.map((e) => e.id)]);
  const fresh = (make: () => string): string => {
    let id = make();
    while (taken.has(id)) id = make();
    taken.add(id);
    return id;
  };
  const idMap = new Map<string, string>();
  const nodes = fragment.nodes
    .filter((n) => n.type !== 'start')
    .map((n) => {
      const id = fresh(() => newId(n.type));
      idMap.set(n.id, id);
      return {
        ...structuredClone(n),
        id,
        selected: true,
        position: { x: n.position.x + offset.x, y: n.position.y + offset.y },
      } as WorkflowNode;
    });
  const edges = fragment.edges
    .filter((e) => idMap.has(e.source) && idMap.has(e.target))
    .map((e) => ({
      ...e,
      id: fresh(() => newId('e')),
      source: idMap.get(e.source) as string,
      target: idMap.get(e.target) as string,
      selected: false,
    }));
  return { nodes, edges };
}

/** A short random id for a new node or edge ("task-3f9a1c2b"). */
export function randomNodeId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}
