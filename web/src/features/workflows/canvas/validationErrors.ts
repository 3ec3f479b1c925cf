// The server's per-node validation errors (updateWorkflow/createWorkflow answers carry
// them as VALIDATION_ERROR with field structure.nodes.<id>, structure.edges.<id> or
// structure, and the engine's code as the message; api/graph/workflow_convert.go).

export interface MutationErrorLike {
  readonly code: string;
  readonly message: string;
  readonly field?: string | null;
}

export interface StructureIssue {
  /** The node it belongs to, when it has one. */
  readonly nodeId: string | null;
  readonly edgeId: string | null;
  /** The engine's code (missing_title, unreachable, ...). */
  readonly code: string;
}

export interface SplitErrors {
  /** Problems of the drawn structure, in the server's order. */
  readonly structure: StructureIssue[];
  /** Everything else (name taken, category missing, ...), for fields and toasts. */
  readonly other: MutationErrorLike[];
}

const NODE_PREFIX = 'structure.nodes.';
const EDGE_PREFIX = 'structure.edges.';

export function splitMutationErrors(errors: readonly MutationErrorLike[]): SplitErrors {
  const structure: StructureIssue[] = [];
  const other: MutationErrorLike[] = [];
  for (const e of errors) {
    const field = e.field ?? '';
    // the generic invalid_graph/invalid_structure entry is followed by the detailed ones
    if (field === 'structure' && (e.message === 'invalid_graph' || e.message === 'invalid_structure')) continue;
    if (field.startsWith(NODE_PREFIX)) {
      structure.push({ nodeId: field.slice(NODE_PREFIX.length), edgeId: null, code: e.message });
    } else if (field.startsWith(EDGE_PREFIX)) {
      structure.push({ nodeId: null, edgeId: field.slice(EDGE_PREFIX.length), code: e.message });
    } else if (field === 'structure' || field.startsWith('structure.')) {
      structure.push({ nodeId: null, edgeId: null, code: e.message });
    } else {
      other.push(e);
    }
  }
  return { structure, other };
}

/** The codes of each node's problems. */
export function issuesByNode(issues: readonly StructureIssue[]): ReadonlyMap<string, string[]> {
  const out = new Map<string, string[]>();
  for (const i of issues) {
    if (i.nodeId) out.set(i.nodeId, [...(out.get(i.nodeId) ?? []), i.code]);
  }
  return out;
}
