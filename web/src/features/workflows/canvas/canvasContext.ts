import type { ReactFlowState } from '@xyflow/react';
import i18next, { type TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import type { CanvasMode, NodeHeat, StepState } from './types';

/**
 * What every node needs beyond its own data, given once by the canvas: node components
 * are module-scope (never recreated), so the mode, a run's step states and the server's
 * errors reach them here rather than through each node's data.
 */
export interface CanvasContextValue {
  readonly mode: CanvasMode;
  /** nodeId → state, in run mode. */
  readonly stepStates?: Readonly<Record<string, StepState>>;
  /** nodeId → the step's heat (run analytics): its colour and the figures it shows. */
  readonly heat?: Readonly<Record<string, NodeHeat>>;
  /** nodeId → the engine's error codes from the last refused save. */
  readonly issues?: ReadonlyMap<string, readonly string[]>;
  /** Names for the ids nodes store: categories, users, applications, dynamic fields. */
  readonly names?: Readonly<Record<string, string>>;
  /** The designer's texts, taken once by the canvas rather than by a hook in each node (memoizedT). */
  readonly t?: TFunction<'workflowDesigner'>;
  /** Zoomed out too far to read a node's texts: nodes are drawn as outlines (isOutlineZoom). */
  readonly outline?: boolean;
}

/**
 * Below this zoom a node's 12 px texts are under 5 px, unreadable: the canvas draws each node
 * as its coloured outline with its handles and names it for screen readers instead. A fitted
 * 500-node workflow opens at React Flow's least zoom, so it draws a few elements per node
 * instead of a dozen, with their texts to lay out.
 */
export const OUTLINE_BELOW_ZOOM = 0.4;

/** React Flow's store selector for CanvasContextValue.outline. */
export const isOutlineZoom = (s: ReactFlowState): boolean => s.transform[2] < OUTLINE_BELOW_ZOOM;

export const CanvasContext = createContext<CanvasContextValue>({ mode: 'view' });

export const useCanvasContext = (): CanvasContextValue => useContext(CanvasContext);

/** The designer's texts for a node: the canvas's, or the shared instance's outside a canvas. */
export const useCanvasT = (): TFunction<'workflowDesigner'> =>
  useContext(CanvasContext).t ?? i18next.getFixedT(null, 'workflowDesigner');
