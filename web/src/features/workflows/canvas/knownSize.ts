import { Position, applyNodeChanges, getNodesBounds, getViewportForBounds, type NodeChange, type NodeHandle, type Viewport } from '@xyflow/react';
import { nodeSize } from './layout';
import { BRANCH_HANDLES } from './structure';
import type { WorkflowNode, WorkflowNodeType } from './types';

// React Flow draws a node only once it has measured it, and an edge only once it has measured
// the handles at both ends; with each measurement a change goes round the controlled canvas
// and every node is drawn again. A workflow node's size and handles follow from its type
// (workflowNode.css draws it at nodeSize), so they are given up front: a 500-node workflow is
// drawn, nodes and edges, in one pass, and the measurement that follows finds nothing changed.
// A node that grows (the server's errors on it) is measured as before, and its handles follow
// its measured size.

/** Handles are 10 px squares centred on the node's edge (workflowNode.css, .wf-handle). */
export const HANDLE_SIZE = 10;

/** The source handles along a node's bottom: the branches of approval and condition, or one. */
function sourceHandles(type: WorkflowNodeType): readonly (string | null)[] {
  if (type === 'end') return [];
  return BRANCH_HANDLES[type] ?? [null];
}

/** Where a node of this type and size has its handles (React Flow's handle bounds, in flow units). */
export function nodeHandles(type: WorkflowNodeType, width: number, height: number): NodeHandle[] {
  const half = HANDLE_SIZE / 2;
  const handles: NodeHandle[] = [];
  if (type !== 'start') {
    handles.push({ id: null, type: 'target', position: Position.Top, x: width / 2 - half, y: -half, width: HANDLE_SIZE, height: HANDLE_SIZE });
  }
  const sources = sourceHandles(type);
  sources.forEach((id, i) => {
    // branch handles stand at the middles of equal parts of the bottom edge (NodeFrame's branchStyle)
    const x = (width * (i + 0.5)) / sources.length - half;
    handles.push({ id, type: 'source', position: Position.Bottom, x, y: height - half, width: HANDLE_SIZE, height: HANDLE_SIZE });
  });
  return handles;
}

/** The node with its size and handles known: its measured size, or its type's. */
export function withKnownSize<N extends WorkflowNode>(node: N): N {
  const { width, height } = node.measured?.width && node.measured.height ? (node.measured as { width: number; height: number }) : nodeSize(node.type);
  return { ...node, measured: { width, height }, handles: nodeHandles(node.type, width, height) };
}

/** withKnownSize for every node (a loaded or pasted graph). */
export const withKnownSizes = <N extends WorkflowNode>(nodes: readonly N[]): N[] => nodes.map(withKnownSize);

/** applyNodeChanges, with the handles of a node whose measured size changed moved to its new edges. */
export function applyNodeChangesWithHandles<N extends WorkflowNode>(changes: NodeChange<N>[], nodes: N[]): N[] {
  const next = applyNodeChanges(changes, nodes);
  const resized = new Set(changes.flatMap((c) => (c.type === 'dimensions' ? [c.id] : [])));
  return resized.size === 0 ? next : next.map((n) => (resized.has(n.id) ? withKnownSize(n) : n));
}

/** What React Flow's fitView takes: the margin around the nodes (a share of the canvas) and the zoom limits. */
export interface FitOptions {
  readonly padding: number;
  readonly minZoom: number;
  readonly maxZoom: number;
}

/**
 * The view React Flow's fitView gives these nodes on a canvas of this size, from their known
 * sizes: the editor opens with it (defaultViewport) instead of fitting after the first
 * measurement, which drew the nodes in view at zoom 1 and then, fitted, every node again.
 */
export function fittedViewport(nodes: readonly WorkflowNode[], width: number, height: number, fit: FitOptions): Viewport {
  if (nodes.length === 0 || width <= 0 || height <= 0) return { x: 0, y: 0, zoom: 1 };
  return getViewportForBounds(getNodesBounds(nodes.map(withKnownSize)), width, height, fit.minZoom, fit.maxZoom, fit.padding);
}
