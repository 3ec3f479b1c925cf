import type { GlobalToken } from 'antd';
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
  /** The theme's token, read once by the canvas rather than by each of hundreds of nodes. */
  readonly token?: GlobalToken;
}

export const CanvasContext = createContext<CanvasContextValue>({ mode: 'view' });

export const useCanvasContext = (): CanvasContextValue => useContext(CanvasContext);
