import { cleanup, render, screen } from '@testing-library/react';
import { ReactFlowProvider } from '@xyflow/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../app/i18n/i18n';
import { CanvasContext } from '../canvasContext';
import { NodeFrame } from './NodeFrame';

beforeAll(async () => {
  await initI18n('en', ['workflowDesigner']);
});
afterEach(cleanup);

function draw(outline: boolean) {
  return render(
    <ReactFlowProvider>
      <CanvasContext value={{ mode: 'edit', outline }}>
        <NodeFrame
          id="a1"
          type="approval"
          selected={false}
          title="Approve the invoice"
          lines={['Assignee: Responsible']}
          branches={[
            { id: 'approved', label: 'Approved' },
            { id: 'rejected', label: 'Rejected' },
          ]}
        />
      </CanvasContext>
    </ReactFlowProvider>,
  );
}

describe('NodeFrame', () => {
  it('shows the type, title, essentials and branches at a readable zoom', () => {
    draw(false);
    const frame = screen.getByTestId('workflow-node-a1');
    expect(frame.textContent).toContain('Approve the invoice');
    expect(frame.textContent).toContain('Assignee: Responsible');
    expect(frame.textContent).toContain('Rejected');
    expect(frame.getAttribute('role')).toBeNull();
  });

  it('zoomed out draws the outline, named for screen readers, with the same handles', () => {
    draw(true);
    const frame = screen.getByRole('img', { name: 'Approval: Approve the invoice' });
    expect(frame.className).toContain('wf-node--outline');
    expect(frame.textContent).toBe('');
    const handles = [...frame.querySelectorAll('.react-flow__handle')].map((h) => `${h.classList.contains('source') ? 'source' : 'target'}:${h.getAttribute('data-handleid') ?? ''}`);
    expect(handles).toEqual(['target:', 'source:approved', 'source:rejected']);
  });
});
