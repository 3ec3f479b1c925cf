import { Handle, Position } from '@xyflow/react';
import type { CSSProperties, ReactNode } from 'react';
import { useCanvasContext, useCanvasT } from '../canvasContext';
import { nodeSize } from '../layout';
import type { WorkflowNodeType } from '../types';
import { NodeTypeIcon, NODE_ACCENTS } from './nodeLook';
import './workflowNode.css';

interface NodeFrameProps {
  id: string;
  type: WorkflowNodeType;
  selected: boolean;
  title: string;
  /** Lines under the title: the node's essentials. */
  lines?: ReactNode[];
  /** Branch handles at the bottom (approval, condition); one plain handle otherwise. */
  branches?: readonly { id: string; label: string }[];
}

const NO_ERRORS: readonly string[] = [];

/** Each type's frame style: its colour and size, the same object for every node of a type. */
const FRAME_STYLES = Object.fromEntries(
  (Object.keys(NODE_ACCENTS) as WorkflowNodeType[]).map((type) => {
    const { width, height } = nodeSize(type);
    return [type, { '--wf-accent': NODE_ACCENTS[type], width, minHeight: height } as CSSProperties];
  }),
) as Record<WorkflowNodeType, CSSProperties>;

/** A branch handle's place along the bottom, as React Flow's handle style (one object per place). */
const branchStyles = new Map<string, CSSProperties>();
const branchStyle = (index: number, count: number): CSSProperties => {
  const key = `${index}/${count}`;
  let style = branchStyles.get(key);
  if (!style) branchStyles.set(key, (style = { left: `${((index + 0.5) / count) * 100}%` }));
  return style;
};

/**
 * The look every workflow node shares: type, title, essentials, handles, errors and run state.
 * Its style lives in workflowNode.css: a canvas draws hundreds of these.
 */
export function NodeFrame({ id, type, selected, title, lines = [], branches }: NodeFrameProps) {
  const t = useCanvasT();
  const { mode, issues, stepStates, heat, outline } = useCanvasContext();
  const errors = issues?.get(id) ?? NO_ERRORS;
  const state = mode === 'run' ? stepStates?.[id] : undefined;
  const hot = mode === 'view' ? heat?.[id] : undefined;
  const editable = mode === 'edit';
  const compact = nodeSize(type).width < 200;
  const className = `wf-node${compact ? ' wf-node--compact' : ''}${selected ? ' wf-node--selected' : ''}${editable ? '' : ' wf-node--readonly'}${outline ? ' wf-node--outline' : ''}`;
  const typeName = t(`node.${type}`);

  const sourceHandle = (handleId: string | undefined, style: CSSProperties | undefined) => (
    <Handle key={handleId} type="source" id={handleId} position={Position.Bottom} isConnectable={editable} className="wf-handle" style={style} />
  );

  return (
    <div
      className={className}
      // zoomed out: the same box, colour, state and handles (edges end on them), without the texts
      role={outline ? 'img' : undefined}
      aria-label={outline ? (title === typeName ? title : t('node_outline', { type: typeName, title })) : undefined}
      data-testid={`workflow-node-${id}`}
      data-node-type={type}
      data-state={state}
      data-invalid={errors.length > 0 || undefined}
      data-heat={hot ? hot.colour : undefined}
      // a heated node (run analytics, a few dozen): its type's style with the heat colour
      style={hot ? ({ ...FRAME_STYLES[type], '--wf-heat': hot.colour } as CSSProperties) : FRAME_STYLES[type]}
    >
      {type !== 'start' && <Handle type="target" position={Position.Top} isConnectable={editable} className="wf-handle" />}
      {!outline && (
        <>
          <div className="wf-node__head">
            <span aria-hidden className="wf-node__icon">
              <NodeTypeIcon type={type} />
            </span>
            {compact ? <strong>{title}</strong> : <span className="wf-node__type">{typeName}</span>}
            {state && <span className="wf-node__state">{t(`step_state.${state}`)}</span>}
          </div>
          {!compact && <div className="wf-node__title">{title}</div>}
          {hot && <div className="wf-node__heat">{hot.label}</div>}
          {lines.map((line, i) => (
            <div key={i} className="wf-node__line">
              {line}
            </div>
          ))}
          {errors.length > 0 && (
            <div role="note" className="wf-node__issues">
              {errors.map((code) => (
                <div key={code}>{t(`issue.${code}`, { defaultValue: code })}</div>
              ))}
            </div>
          )}
          {branches && (
            <div className="wf-node__branches">
              {branches.map((b) => (
                <span key={b.id}>{b.label}</span>
              ))}
            </div>
          )}
        </>
      )}
      {/* the branch handles stand under their labels, placed against the node's box (knownSize.ts) */}
      {branches ? branches.map((b, i) => sourceHandle(b.id, branchStyle(i, branches.length))) : type !== 'end' && sourceHandle(undefined, undefined)}
    </div>
  );
}
