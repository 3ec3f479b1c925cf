import { SmoothStepEdge, StraightEdge, type EdgeProps, type EdgeTypes } from '@xyflow/react';

// React Flow measures every node once it is drawn, although knownSize.ts gave its handles, and
// edges then run from the measured handles. Measured under the canvas's zoom they are a float's
// error off the known ones (a fitted 500-node workflow, zoom 0.1: 52.99988 for 53), so every
// edge's two paths were written again and the whole canvas laid out again (1,108 attribute
// writes on opening it). Edges here end on whole flow pixels: the paths the measurement gives
// are the ones already drawn, React Flow's own (memoised) edge skips them, and nothing in the
// DOM changes. Nodes stand on the 16 px grid and handles on whole pixels, so nothing moves.

/** The edge's ends rounded to whole flow pixels. */
export function wholePixelEnds(edge: Pick<EdgeProps, 'sourceX' | 'sourceY' | 'targetX' | 'targetY'>) {
  return {
    sourceX: Math.round(edge.sourceX),
    sourceY: Math.round(edge.sourceY),
    targetX: Math.round(edge.targetX),
    targetY: Math.round(edge.targetY),
  };
}

/** What React Flow's built-in edges draw besides their ends (not the id: theirs leave it off the path). */
const drawn = (edge: EdgeProps) => ({
  label: edge.label,
  labelStyle: edge.labelStyle,
  labelShowBg: edge.labelShowBg,
  labelBgStyle: edge.labelBgStyle,
  labelBgPadding: edge.labelBgPadding,
  labelBgBorderRadius: edge.labelBgBorderRadius,
  style: edge.style,
  markerStart: edge.markerStart,
  markerEnd: edge.markerEnd,
  interactionWidth: edge.interactionWidth,
});

function WholePixelSmoothStepEdge(edge: EdgeProps) {
  return (
    <SmoothStepEdge
      {...wholePixelEnds(edge)}
      {...drawn(edge)}
      sourcePosition={edge.sourcePosition}
      targetPosition={edge.targetPosition}
      pathOptions={edge.pathOptions as { offset?: number; borderRadius?: number } | undefined}
    />
  );
}

function WholePixelStraightEdge(edge: EdgeProps) {
  return <StraightEdge {...wholePixelEnds(edge)} {...drawn(edge)} />;
}

/** The canvases' edge types (module scope: React Flow warns about a new object each render). */
export const workflowEdgeTypes: EdgeTypes = {
  smoothstep: WholePixelSmoothStepEdge,
  straight: WholePixelStraightEdge,
};
