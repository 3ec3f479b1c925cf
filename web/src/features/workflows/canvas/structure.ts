import type { Viewport } from '@xyflow/react';
import { isWorkflowNodeType, type WorkflowEdge, type WorkflowGraph, type WorkflowNode, type WorkflowNodeType } from './types';

// The stored structure ({nodes, edges}, engine/workflow/structure.go) to React Flow's
// nodes and edges and back. Loading runs the same schema check the server runs on save,
// so a structure the engine would refuse never opens half-drawn (spec 002 §5).

/** One problem of the schema check: where (nodes[2].type) and the engine's code. */
export interface StructureProblem {
  path: string;
  code: 'invalid_json' | 'missing_field' | 'invalid_value' | 'unknown_node_type' | 'duplicate_id' | 'unknown_node_reference';
}

export type ParsedStructure =
  | { ok: true; graph: WorkflowGraph; viewport: Viewport | null }
  | { ok: false; problems: StructureProblem[] };

/** The branch handles of the node types whose outgoing edges are labelled. */
export const BRANCH_HANDLES: Partial<Record<WorkflowNodeType, readonly string[]>> = {
  approval: ['approved', 'rejected'],
  condition: ['true', 'false'],
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const idString = (v: unknown): string | null =>
  isNonEmptyString(v) ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

function readJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function branchOf(edge: Record<string, unknown>): string | null {
  for (const key of ['sourceHandle', 'label']) {
    const v = edge[key];
    if (typeof v !== 'string') continue;
    const b = v.trim().toLowerCase();
    if (['approved', 'rejected', 'true', 'false'].includes(b)) return b;
  }
  return null;
}

/** Reads a stored structure (the JSON value or its text) into React Flow's nodes and edges. */
export function parseStructure(raw: unknown): ParsedStructure {
  const top = readJson(raw);
  const problems: StructureProblem[] = [];
  if (!isObject(top)) return { ok: false, problems: [{ path: '', code: 'invalid_json' }] };
  for (const key of ['nodes', 'edges'] as const) {
    if (!(key in top)) problems.push({ path: key, code: 'missing_field' });
    else if (!Array.isArray(top[key])) problems.push({ path: key, code: 'invalid_value' });
  }
  if (problems.length > 0) return { ok: false, problems };
  const rawNodes = top.nodes as unknown[];
  const rawEdges = top.edges as unknown[];

  const nodes: WorkflowNode[] = [];
  const typeById = new Map<string, WorkflowNodeType>();
  rawNodes.forEach((rn, i) => {
    const path = `nodes[${i}]`;
    if (!isObject(rn)) return void problems.push({ path, code: 'invalid_value' });
    const id = rn.id;
    if (!isNonEmptyString(id)) return void problems.push({ path: `${path}.id`, code: 'missing_field' });
    if (!isNonEmptyString(rn.type)) return void problems.push({ path: `${path}.type`, code: 'missing_field' });
    if (!isWorkflowNodeType(rn.type)) return void problems.push({ path: `${path}.type`, code: 'unknown_node_type' });
    const data = rn.data ?? {};
    if (!isObject(data)) return void problems.push({ path: `${path}.data`, code: 'invalid_value' });
    const position = rn.position ?? { x: 0, y: 0 };
    if (!isObject(position) || typeof position.x !== 'number' || typeof position.y !== 'number') {
      return void problems.push({ path: `${path}.position`, code: 'invalid_value' });
    }
    if (typeById.has(id)) return void problems.push({ path: `${path}.id`, code: 'duplicate_id' });
    typeById.set(id, rn.type);
    nodes.push({
      id,
      type: rn.type,
      position: { x: position.x, y: position.y },
      data: normaliseData(data),
    } as WorkflowNode);
  });

  const edges: WorkflowEdge[] = [];
  const edgeIds = new Set<string>();
  rawEdges.forEach((re, i) => {
    const path = `edges[${i}]`;
    if (!isObject(re)) return void problems.push({ path, code: 'invalid_value' });
    let ok = true;
    for (const key of ['id', 'source', 'target'] as const) {
      if (!isNonEmptyString(re[key])) {
        problems.push({ path: `${path}.${key}`, code: 'missing_field' });
        ok = false;
      }
    }
    if (!ok) return;
    const { id, source, target } = re as { id: string; source: string; target: string };
    if (edgeIds.has(id)) return void problems.push({ path: `${path}.id`, code: 'duplicate_id' });
    edgeIds.add(id);
    for (const [field, nodeId] of [['source', source], ['target', target]] as const) {
      if (!typeById.has(nodeId)) {
        problems.push({ path: `${path}.${field}`, code: 'unknown_node_reference' });
        ok = false;
      }
    }
    if (!ok) return;
    const sourceType = typeById.get(source);
    const handles = sourceType ? BRANCH_HANDLES[sourceType] : undefined;
    const branch = branchOf(re);
    const sourceHandle = handles ? (branch && handles.includes(branch) ? branch : null) : null;
    edges.push({ id, source, target, ...(sourceHandle ? { sourceHandle } : {}) });
  });

  if (problems.length > 0) return { ok: false, problems };
  const v = top.viewport;
  const viewport =
    isObject(v) && typeof v.x === 'number' && typeof v.y === 'number' && typeof v.zoom === 'number'
      ? { x: v.x, y: v.y, zoom: v.zoom }
      : null;
  return { ok: true, graph: { nodes, edges }, viewport };
}

// Ids may be stored as numbers (the engine accepts both); the editor's selects use strings.
function normaliseData(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const key of ['categoryId', 'dynamicFieldId']) {
    const id = idString(out[key]);
    if (id !== null) out[key] = id;
  }
  const assignee = out.assignee;
  if (isObject(assignee)) {
    const userId = idString(assignee.userId);
    out.assignee = userId !== null ? { ...assignee, userId } : assignee;
  }
  const due = out.dueDate;
  if (isObject(due)) {
    const fieldId = idString(due.dynamicFieldId);
    out.dueDate = fieldId !== null ? { ...due, dynamicFieldId: fieldId } : due;
  }
  return out;
}

/** The structure to store: what the engine reads, without React Flow's runtime state. */
export function toStructure(graph: WorkflowGraph, viewport?: Viewport | null): Record<string, unknown> {
  return {
    nodes: graph.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
      data: n.data,
    })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      ...(e.sourceHandle ? { sourceHandle: e.sourceHandle } : {}),
    })),
    ...(viewport ? { viewport: { x: viewport.x, y: viewport.y, zoom: viewport.zoom } } : {}),
  };
}

/** The structure's parameters (declared on its start node); conditions branch on them. */
export function structureParameters(nodes: readonly WorkflowNode[]): string[] {
  const start = nodes.find((n) => n.type === 'start');
  if (!start || start.type !== 'start') return [];
  return (start.data.parameters ?? []).map((p) => p.name).filter((name) => name.trim() !== '');
}
