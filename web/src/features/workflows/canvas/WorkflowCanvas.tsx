import '@xyflow/react/dist/style.css';
import { Background, Controls, MarkerType, MiniMap, ReactFlow, type DefaultEdgeOptions, type NodeChange } from '@xyflow/react';
import { theme } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanvasContext, type CanvasContextValue } from './canvasContext';
import { canvasThemeVars, memoizedT } from './canvasLook';
import { workflowEdgeTypes } from './edges';
import { applyNodeChangesWithHandles, withKnownSizes } from './knownSize';
import { NODE_ACCENTS } from './nodes/nodeLook';
import { workflowNodeTypes } from './nodes/workflowNodeTypes';
import type { NodeHeats, StepStates, WorkflowGraph, WorkflowNode } from './types';
import { useCanvasAriaLabels } from './useCanvasAriaLabels';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

export const WORKFLOW_EDGE_OPTIONS: DefaultEdgeOptions = {
  type: 'smoothstep',
  markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
};

/**
 * The editor's edges while it draws nodes as outlines (zoomed out, OUTLINE_BELOW_ZOOM): straight
 * lines without arrowheads, which are under 2 px there; a 500-node workflow opens so.
 */
export const OUTLINE_EDGE_OPTIONS: DefaultEdgeOptions = { type: 'straight' };

export const minimapNodeColour = (node: WorkflowNode): string => NODE_ACCENTS[node.type];

interface WorkflowCanvasProps {
  readonly graph: WorkflowGraph;
  /** view: read-only; run: read-only and coloured by stepStates. */
  readonly mode: 'view' | 'run';
  readonly stepStates?: StepStates;
  /** view mode: each step's heat (run analytics), drawn over its node. */
  readonly heat?: NodeHeats;
  readonly names?: Readonly<Record<string, string>>;
  readonly height?: number | string;
  readonly ariaLabel: string;
}

/** A workflow drawn read-only with the editor's node components (details page, runs). */
export function WorkflowCanvas({ graph, mode, stepStates, heat, names, height = 520, ariaLabel }: WorkflowCanvasProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('workflowDesigner');
  const context = useMemo<CanvasContextValue>(() => ({ mode, stepStates, heat, names, t: memoizedT(t) }), [mode, stepStates, heat, names, t]);
  const themeVars = useMemo(() => canvasThemeVars(token), [token]);
  const ariaLabelConfig = useCanvasAriaLabels();
  const phone = useBreakpoint().md === false;
  // the canvas keeps the sizes it measures (the minimap draws nodes by them); knownSize.ts gives them up front
  const sized = useMemo(() => withKnownSizes(graph.nodes), [graph.nodes]);
  const [nodes, setNodes] = useState(sized);
  useEffect(() => setNodes(sized), [sized]);
  const onNodesChange = useCallback((changes: NodeChange<WorkflowNode>[]) => setNodes((ns) => applyNodeChangesWithHandles(changes, ns)), []);
  return (
    <CanvasContext value={context}>
      <div style={{ height, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fafafa' }} data-testid="workflow-canvas">
        <ReactFlow<WorkflowNode>
          aria-label={ariaLabel}
          style={themeVars}
          ariaLabelConfig={ariaLabelConfig}
          nodes={nodes}
          onNodesChange={onNodesChange}
          edges={graph.edges}
          nodeTypes={workflowNodeTypes}
          edgeTypes={workflowEdgeTypes}
          defaultEdgeOptions={WORKFLOW_EDGE_OPTIONS}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          deleteKeyCode={null}
          fitView
          minZoom={0.1}
        >
          <Background gap={16} />
          <Controls showInteractive={false} />
          {!phone && <MiniMap<WorkflowNode> nodeColor={minimapNodeColour} pannable zoomable />}
        </ReactFlow>
      </div>
    </CanvasContext>
  );
}
