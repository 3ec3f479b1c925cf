import { describe, expect, it } from 'vitest';
import { copySelection, pasteFragment } from './clipboard';
import type { WorkflowEdge, WorkflowNode } from './types';

const node = (id: string, type: WorkflowNode['type'], selected: boolean): WorkflowNode =>
  ({ id, type, selected, position: { x: 10, y: 20 }, data: { title: id } }) as WorkflowNode;

const nodes = [node('s', 'start', true), node('t', 'task', true), node('w', 'wait', true), node('e', 'end', false)];
const edges: WorkflowEdge[] = [
  { id: '1', source: 's', target: 't' },
  { id: '2', source: 't', target: 'w' },
  { id: '3', source: 'w', target: 'e' },
];

describe('copy and paste', () => {
  it('copies the selection with its inner edges only', () => {
    const fragment = copySelection(nodes, edges);
    expect(fragment.nodes.map((n) => n.id)).toEqual(['s', 't', 'w']);
    expect(fragment.edges.map((e) => e.id)).toEqual(['1', '2']);
  });

  it('pastes copies with fresh ids, remapped edges, offset and selected, never a second start', () => {
    let n = 0;
    const pasted = pasteFragment(copySelection(nodes, edges), { nodes, edges }, (p) => `${p}-${(n += 1)}`);
    expect(pasted.nodes.map((x) => [x.type, x.id, x.position, x.selected])).toEqual([
      ['task', 'task-1', { x: 50, y: 60 }, true],
      ['wait', 'wait-2', { x: 50, y: 60 }, true],
    ]);
    expect(pasted.edges).toEqual([{ id: 'e-3', source: 'task-1', target: 'wait-2', selected: false }]);
    // the copy's data is its own
    (pasted.nodes[0]?.data as { title: string }).title = 'changed';
    expect((nodes[1]?.data as { title: string }).title).toBe('t');
  });

  it('skips ids already in the graph', () => {
    const ids = ['task-x', 'task-y'];
    const pasted = pasteFragment({ nodes: [node('t', 'task', true)], edges: [] }, { nodes: [node('task-x', 'task', false)], edges: [] }, () => ids.shift() ?? 'z');
    expect(pasted.nodes[0]?.id).toBe('task-y');
  });
});
