import type { Connection, Edge } from '@xyflow/react';
import { BRANCH_HANDLES } from './structure';
import type { WorkflowEdge, WorkflowNode, WorkflowNodeType } from './types';

// The engine's edge rules (engine/workflow/validate.go), checked while a person draws:
// nothing leads into a start or out of an end; start, task, wait and join lead to one
// next node; approval and condition edges leave from their branch handles, one edge each;
// a parallel forks into any number; no edge twice; no cycle.

const SINGLE_OUT: readonly WorkflowNodeType[] = ['start', 'task', 'wait', 'join'];

export type ConnectionRefusal =
  | 'unknown_node'
  | 'self'
  | 'into_start'
  | 'out_of_end'
  | 'wrong_handle'
  | 'already_connected'
  | 'duplicate_edge'
  | 'cycle';

type ConnectionLike = Pick<Connection, 'source' | 'target'> & {
  sourceHandle?: string | null;
};

/** Why a new edge breaks the engine's rules, or null when it may be drawn. */
export function connectionRefusal(
  connection: ConnectionLike,
  nodes: readonly WorkflowNode[],
  edges: readonly WorkflowEdge[],
): ConnectionRefusal | null {
  const source = nodes.find((n) => n.id === connection.source);
  const target = nodes.find((n) => n.id === connection.target);
  if (!source || !target) return 'unknown_node';
  if (source.id === target.id) return 'self';
  if (target.type === 'start') return 'into_start';
  if (source.type === 'end') return 'out_of_end';
  const handle = connection.sourceHandle ?? null;
  const branches = BRANCH_HANDLES[source.type];
  if (branches ? !handle || !branches.includes(handle) : handle !== null) return 'wrong_handle';
  const outgoing = edges.filter((e) => e.source === source.id);
  if (outgoing.some((e) => e.target === target.id && (e.sourceHandle ?? null) === handle)) return 'duplicate_edge';
  if (SINGLE_OUT.includes(source.type) && outgoing.length > 0) return 'already_connected';
  if (branches && outgoing.some((e) => e.sourceHandle === handle)) return 'already_connected';
  if (reaches(target.id, source.id, edges)) return 'cycle';
  return null;
}

/** isValidConnection for React Flow, bound to the current graph. */
export function isValidConnection(
  connection: Edge | Connection,
  nodes: readonly WorkflowNode[],
  edges: readonly WorkflowEdge[],
): boolean {
  return connectionRefusal(connection, nodes, edges) === null;
}

/** Whether a path of edges leads from one node to another. */
export function reaches(from: string, to: string, edges: readonly WorkflowEdge[]): boolean {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const seen = new Set<string>([from]);
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (id === to) return true;
    for (const t of next.get(id) ?? []) {
      if (!seen.has(t)) {
        seen.add(t);
        stack.push(t);
      }
    }
  }
  return false;
}

/** The edge a valid connection draws (its id unique within the graph). */
export function edgeFor(connection: ConnectionLike, edges: readonly WorkflowEdge[]): WorkflowEdge {
  const handle = connection.sourceHandle ?? null;
  const base = `e-${connection.source}-${handle ? `${handle}-` : ''}${connection.target}`;
  let id = base;
  for (let i = 2; edges.some((e) => e.id === id); i += 1) id = `${base}-${i}`;
  return { id, source: connection.source, target: connection.target, ...(handle ? { sourceHandle: handle } : {}) };
}
