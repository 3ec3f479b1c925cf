import { describe, expect, it } from 'vitest';
import { autoLayout, nodeSize } from './layout';
import type { WorkflowEdge, WorkflowNode } from './types';

const node = (id: string, type: WorkflowNode['type']): WorkflowNode =>
  ({ id, type, position: { x: 500, y: 500 }, data: { title: id } }) as WorkflowNode;

describe('autoLayout', () => {
  it('places each node below the one it follows and branches side by side', () => {
    const nodes = [node('s', 'start'), node('a', 'approval'), node('yes', 'end'), node('no', 'end')];
    const edges: WorkflowEdge[] = [
      { id: '1', source: 's', target: 'a' },
      { id: '2', source: 'a', target: 'yes', sourceHandle: 'approved' },
      { id: '3', source: 'a', target: 'no', sourceHandle: 'rejected' },
    ];
    const out = autoLayout(nodes, edges);
    const at = (id: string) => out.find((n) => n.id === id)?.position ?? { x: NaN, y: NaN };
    expect(at('a').y).toBeGreaterThanOrEqual(at('s').y + nodeSize('start').height);
    expect(at('yes').y).toBeGreaterThanOrEqual(at('a').y + nodeSize('approval').height);
    expect(at('yes').y).toBe(at('no').y);
    expect(Math.abs(at('yes').x - at('no').x)).toBeGreaterThanOrEqual(nodeSize('end').width);
    // data and ids are kept
    expect(out.map((n) => [n.id, n.data])).toEqual(nodes.map((n) => [n.id, n.data]));
  });

  it('keeps unconnected nodes apart', () => {
    const out = autoLayout([node('x', 'task'), node('y', 'task')], []);
    const [x, y] = out;
    expect(x && y && x.position.x !== y.position.x).toBe(true);
  });
});
