import dagre from '@dagrejs/dagre';
import type { WorkflowEdge, WorkflowNode, WorkflowNodeType } from './types';

// Auto-layout: top to bottom, ranks by edges, as designers read a workflow.

/**
 * The size a node is drawn at (NodeFrame gives its frame this width and least height, which
 * its content stays within, so that the canvas knows it before measuring: knownSize.ts).
 */
export function nodeSize(type: WorkflowNodeType): { width: number; height: number } {
  switch (type) {
    case 'start':
    case 'end':
    case 'parallel':
    case 'join':
      return { width: 160, height: 48 };
    case 'approval':
      // its branch labels make it taller than a task
      return { width: 240, height: 112 };
    default:
      return { width: 240, height: 96 };
  }
}

export const LAYOUT_GAP = { rank: 64, node: 48 };

/** The nodes moved to a layered layout; edges and data unchanged. */
export function autoLayout<N extends WorkflowNode>(nodes: readonly N[], edges: readonly WorkflowEdge[]): N[] {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'TB', ranksep: LAYOUT_GAP.rank, nodesep: LAYOUT_GAP.node, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, nodeSize(n.type));
  for (const e of edges) if (g.hasNode(e.source) && g.hasNode(e.target)) g.setEdge(e.source, e.target);
  dagre.layout(g);
  return nodes.map((n) => {
    const placed = g.node(n.id);
    const { width, height } = nodeSize(n.type);
    // dagre gives centres; React Flow places nodes by their top-left corner
    return { ...n, position: { x: Math.round(placed.x - width / 2), y: Math.round(placed.y - height / 2) } };
  });
}
