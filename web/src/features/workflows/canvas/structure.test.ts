import { describe, expect, it } from 'vitest';
import { parseStructure, structureParameters, toStructure } from './structure';

const stored = {
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { parameters: [{ name: 'hasPayroll', type: 'boolean' }] } },
    {
      id: 'collect',
      type: 'task',
      position: { x: 0, y: 120 },
      measured: { width: 220, height: 64 },
      data: { title: 'Collect', categoryId: 3, assignee: { type: 'user', userId: 42 }, color: '#1677ff' },
    },
    { id: 'ok', type: 'approval', position: { x: 0, y: 240 }, data: { title: 'Approve' } },
    { id: 'done', type: 'end', position: { x: 0, y: 360 } },
    { id: 'no', type: 'end', position: { x: 200, y: 360 }, data: { label: 'Rejected' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'collect' },
    { id: 'e2', source: 'collect', target: 'ok' },
    { id: 'e3', source: 'ok', target: 'done', label: 'Approved' },
    { id: 'e4', source: 'ok', target: 'no', sourceHandle: 'rejected' },
  ],
};

describe('parseStructure', () => {
  it('reads nodes and edges, ids as strings and branch labels as handles', () => {
    const parsed = parseStructure(stored);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.graph.nodes.map((n) => n.type)).toEqual(['start', 'task', 'approval', 'end', 'end']);
    const task = parsed.graph.nodes[1];
    expect(task?.data).toMatchObject({ categoryId: '3', assignee: { type: 'user', userId: '42' }, color: '#1677ff' });
    expect(parsed.graph.edges.find((e) => e.id === 'e3')?.sourceHandle).toBe('approved');
    expect(parsed.graph.edges.find((e) => e.id === 'e1')?.sourceHandle).toBeUndefined();
  });

  it('accepts the structure as JSON text', () => {
    expect(parseStructure(JSON.stringify(stored)).ok).toBe(true);
  });

  it('refuses what the engine refuses, naming each problem', () => {
    const parsed = parseStructure({
      nodes: [
        { id: 'a', type: 'start' },
        { id: 'a', type: 'task' },
        { id: 'b', type: 'loop' },
        { type: 'end' },
      ],
      edges: [{ id: 'e', source: 'a', target: 'zz' }],
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      { path: 'nodes[1].id', code: 'duplicate_id' },
      { path: 'nodes[2].type', code: 'unknown_node_type' },
      { path: 'nodes[3].id', code: 'missing_field' },
      { path: 'edges[0].target', code: 'unknown_node_reference' },
    ]);
  });

  it('refuses a value that is not a structure', () => {
    expect(parseStructure('not json')).toEqual({ ok: false, problems: [{ path: '', code: 'invalid_json' }] });
    expect(parseStructure({ nodes: {} })).toEqual({
      ok: false,
      problems: [
        { path: 'nodes', code: 'invalid_value' },
        { path: 'edges', code: 'missing_field' },
      ],
    });
  });
});

describe('toStructure', () => {
  it('writes what the engine reads and drops React Flow state', () => {
    const parsed = parseStructure(stored);
    if (!parsed.ok) throw new Error('parse');
    const nodes = parsed.graph.nodes.map((n, i) => (i === 1 ? { ...n, selected: true, position: { x: 10.4, y: 5.6 } } : n));
    const out = toStructure({ nodes, edges: parsed.graph.edges }) as { nodes: unknown[]; edges: unknown[] };
    expect(out.nodes[1]).toEqual({
      id: 'collect',
      type: 'task',
      position: { x: 10, y: 6 },
      data: { title: 'Collect', categoryId: '3', assignee: { type: 'user', userId: '42' }, color: '#1677ff' },
    });
    expect(out.edges[2]).toEqual({ id: 'e3', source: 'ok', target: 'done', sourceHandle: 'approved' });
    // a round trip gives the same graph
    const again = parseStructure(out);
    expect(again.ok && again.graph.edges).toEqual(parsed.graph.edges);
  });

  it('lists the start node parameters', () => {
    const parsed = parseStructure(stored);
    expect(parsed.ok && structureParameters(parsed.graph.nodes)).toEqual(['hasPayroll']);
  });
});
