import { describe, expect, it } from 'vitest';
import { connectionRefusal, edgeFor, reaches } from './connections';
import type { WorkflowEdge, WorkflowNode } from './types';

const node = (id: string, type: WorkflowNode['type']): WorkflowNode =>
  ({ id, type, position: { x: 0, y: 0 }, data: {} }) as WorkflowNode;

const nodes = [
  node('s', 'start'),
  node('t', 'task'),
  node('a', 'approval'),
  node('c', 'condition'),
  node('p', 'parallel'),
  node('j', 'join'),
  node('w', 'wait'),
  node('e', 'end'),
  node('e2', 'end'),
];

const edges: WorkflowEdge[] = [
  { id: '1', source: 's', target: 't' },
  { id: '2', source: 't', target: 'a' },
  { id: '3', source: 'a', target: 'e', sourceHandle: 'approved' },
];

const refusal = (source: string, target: string, sourceHandle: string | null = null) =>
  connectionRefusal({ source, target, sourceHandle }, nodes, edges);

describe('connectionRefusal', () => {
  it('allows what the engine accepts', () => {
    expect(refusal('a', 'e2', 'rejected')).toBeNull();
    expect(refusal('p', 'w')).toBeNull();
    expect(refusal('p', 'j')).toBeNull();
    expect(refusal('c', 'e2', 'true')).toBeNull();
    expect(refusal('w', 'e')).toBeNull();
  });

  it('refuses edges into a start and out of an end', () => {
    expect(refusal('w', 's')).toBe('into_start');
    expect(refusal('e', 'w')).toBe('out_of_end');
  });

  it('needs the branch handles of approvals and conditions, and only there', () => {
    expect(refusal('a', 'e2')).toBe('wrong_handle');
    expect(refusal('a', 'e2', 'true')).toBe('wrong_handle');
    expect(refusal('c', 'e2', 'approved')).toBe('wrong_handle');
    expect(refusal('w', 'e', 'true')).toBe('wrong_handle');
  });

  it('allows one next node from start, task, wait and join, and one edge per branch', () => {
    expect(refusal('s', 'w')).toBe('already_connected');
    expect(refusal('t', 'w')).toBe('already_connected');
    expect(refusal('a', 'e2', 'approved')).toBe('already_connected');
  });

  it('refuses repeated edges, loops and cycles', () => {
    expect(refusal('a', 'e', 'approved')).toBe('duplicate_edge');
    expect(refusal('w', 'w')).toBe('self');
    expect(connectionRefusal({ source: 'w', target: 't' }, nodes, [...edges, { id: '9', source: 'a', target: 'w', sourceHandle: 'rejected' }])).toBe('cycle');
    expect(refusal('x', 't')).toBe('unknown_node');
  });
});

describe('reaches and edgeFor', () => {
  it('follows edges', () => {
    expect(reaches('s', 'e', edges)).toBe(true);
    expect(reaches('e', 's', edges)).toBe(false);
  });

  it('names a new edge uniquely', () => {
    const first = edgeFor({ source: 'a', target: 'e2', sourceHandle: 'rejected' }, edges);
    expect(first).toEqual({ id: 'e-a-rejected-e2', source: 'a', target: 'e2', sourceHandle: 'rejected' });
    expect(edgeFor({ source: 'a', target: 'e2', sourceHandle: 'rejected' }, [...edges, first]).id).toBe('e-a-rejected-e2-2');
  });
});
