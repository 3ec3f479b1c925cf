import type { NodeChange } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { applyNodeChangesWithHandles, fittedViewport, nodeHandles, withKnownSize } from './knownSize';
import { nodeSize } from './layout';
import type { WorkflowNode } from './types';

const node = (id: string, type: WorkflowNode['type']): WorkflowNode =>
  ({ id, type, position: { x: 0, y: 0 }, data: {} }) as WorkflowNode;

describe('nodeHandles', () => {
  it('puts a target on the top middle and a source on the bottom middle', () => {
    expect(nodeHandles('task', 240, 96)).toEqual([
      { id: null, type: 'target', position: 'top', x: 115, y: -5, width: 10, height: 10 },
      { id: null, type: 'source', position: 'bottom', x: 115, y: 91, width: 10, height: 10 },
    ]);
  });

  it('gives start no target and end no source', () => {
    expect(nodeHandles('start', 160, 48).map((h) => h.type)).toEqual(['source']);
    expect(nodeHandles('end', 160, 48).map((h) => h.type)).toEqual(['target']);
  });

  it('spreads the branch handles of approval and condition along the bottom', () => {
    const sources = nodeHandles('condition', 240, 96).filter((h) => h.type === 'source');
    expect(sources.map((h) => [h.id, h.x, h.y])).toEqual([
      ['true', 55, 91],
      ['false', 175, 91],
    ]);
    expect(nodeHandles('approval', 240, 112).filter((h) => h.type === 'source').map((h) => h.id)).toEqual(['approved', 'rejected']);
  });
});

describe('withKnownSize', () => {
  it("gives a node its type's size and the handles for it", () => {
    const sized = withKnownSize(node('a', 'approval'));
    expect(sized.measured).toEqual(nodeSize('approval'));
    expect(sized.handles).toEqual(nodeHandles('approval', 240, 112));
  });

  it('keeps a measured size (a node grown by its errors) and puts the handles on its edges', () => {
    const sized = withKnownSize({ ...node('t', 'task'), measured: { width: 240, height: 130 } });
    expect(sized.measured).toEqual({ width: 240, height: 130 });
    expect(sized.handles?.find((h) => h.type === 'source')?.y).toBe(125);
  });
});

describe('applyNodeChangesWithHandles', () => {
  it('moves the handles of a node whose measured size changed, and leaves the others as they were', () => {
    const nodes = [withKnownSize(node('t', 'task')), withKnownSize(node('e', 'end'))];
    const changes: NodeChange<WorkflowNode>[] = [{ id: 't', type: 'dimensions', dimensions: { width: 240, height: 120 } }];
    const [task, end] = applyNodeChangesWithHandles(changes, nodes);
    expect(task?.measured).toEqual({ width: 240, height: 120 });
    expect(task?.handles?.find((h) => h.type === 'source')?.y).toBe(115);
    expect(end).toBe(nodes[1]);
  });
});

describe('fittedViewport', () => {
  const fit = { padding: 0.2, minZoom: 0.1, maxZoom: 1 };
  const at = (id: string, type: WorkflowNode['type'], x: number, y: number): WorkflowNode => ({ ...node(id, type), position: { x, y } });

  it('centres the nodes at the zoom that leaves the padding around them', () => {
    // bounds 0..1000 x 0..548 (a task at 760,452 is 240 x 96); React Flow's padding 0.2 leaves
    // (960 - 960 / 1.2) / 2 = 80 px on either side, so the width decides: (960 - 160) / 1000
    const view = fittedViewport([at('s', 'start', 0, 0), at('t', 'task', 760, 452)], 960, 800, fit);
    expect(view.zoom).toBeCloseTo(0.8);
    expect(view.x).toBeCloseTo(480 - 500 * 0.8);
    expect(view.y).toBeCloseTo(400 - 274 * 0.8);
  });

  it('stays within the zoom limits', () => {
    expect(fittedViewport([at('s', 'start', 0, 0)], 1200, 800, fit).zoom).toBe(1);
    expect(fittedViewport([at('s', 'start', 0, 0), at('e', 'end', 100_000, 0)], 1200, 800, fit).zoom).toBe(0.1);
  });

  it('gives the default view without nodes or a size', () => {
    expect(fittedViewport([], 1200, 800, fit)).toEqual({ x: 0, y: 0, zoom: 1 });
    expect(fittedViewport([at('s', 'start', 0, 0)], 0, 0, fit)).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});
