import i18next, { type TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import type { CanvasMode, StepState } from './types';

/**
 * What every node needs beyond its own data, given once by the canvas: node components
 * are module-scope (never recreated), so the mode, a run's step states and the server's
 * errors reach them here rather than through each node's data.
 */
export interface CanvasContextValue {
  readonly mode: CanvasMode;
  /** nodeId → state, in run mode. */
  readonly stepStates?: Readonly<Record<string, StepState>>;
  /** nodeId → the engine's error codes from the last refused save. */
  readonly issues?: ReadonlyMap<string, readonly string[]>;
  /** Names for the ids nodes store: categories, users, applications, dynamic fields. */
  readonly names?: Readonly<Record<string, string>>;
  /** The designer's texts, taken once by the canvas rather than by a hook in each node (memoizedT). */
  readonly t?: TFunction<'workflowDesigner'>;
}

export const CanvasContext = createContext<CanvasContextValue>({ mode: 'view' });

export const useCanvasContext = (): CanvasContextValue => useContext(CanvasContext);

/** The designer's texts for a node: the canvas's, or the shared instance's outside a canvas. */
export const useCanvasT = (): TFunction<'workflowDesigner'> =>
  useContext(CanvasContext).t ?? i18next.getFixedT(null, 'workflowDesigner');
