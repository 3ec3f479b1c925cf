import type { NodeProps } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { sameView } from './sameView';

describe('sameView', () => {
  const data = { title: 'Check' };
  const props = { id: 'task-1', data, selected: false, positionAbsoluteX: 0, width: undefined, dragging: false } as unknown as NodeProps;

  it('ignores place, size and drag state', () => {
    expect(sameView(props, { ...props, positionAbsoluteX: 120, width: 240, dragging: true })).toBe(true);
  });

  it('draws again for new data, a selection or another node', () => {
    expect(sameView(props, { ...props, data: { ...data } })).toBe(false);
    expect(sameView(props, { ...props, selected: true })).toBe(false);
    expect(sameView(props, { ...props, id: 'task-2' })).toBe(false);
  });
});
