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

function drawHeated(mode: 'view' | 'edit') {
  return render(
    <ReactFlowProvider>
      <CanvasContext value={{ mode, heat: { t1: { colour: '#f5222d', label: 'median 3.5 days · 90% 5 days' } } }}>
        <NodeFrame id="t1" type="task" selected={false} title="Reconcile bank accounts" />
        <NodeFrame id="t2" type="task" selected={false} title="Collect purchase invoices" />
      </CanvasContext>
    </ReactFlowProvider>,
  );
}

describe('NodeFrame', () => {
  it("draws a step's heat and figures read-only, and only on the steps that have them", () => {
    drawHeated('view');
    const hot = screen.getByTestId('workflow-node-t1');
    expect(hot.getAttribute('data-heat')).toBe('#f5222d');
    expect(hot.style.getPropertyValue('--wf-heat')).toBe('#f5222d');
    expect(hot.textContent).toContain('median 3.5 days · 90% 5 days');
    expect(screen.getByTestId('workflow-node-t2').getAttribute('data-heat')).toBeNull();
    cleanup();
    drawHeated('edit');
    expect(screen.getByTestId('workflow-node-t1').getAttribute('data-heat')).toBeNull();
  });

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
