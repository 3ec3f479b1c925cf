import { Handle, Position } from '@xyflow/react';
import { theme, type GlobalToken } from 'antd';
import type { ReactNode } from 'react';
import { useCanvasContext, useCanvasT } from '../canvasContext';
import { nodeSize } from '../layout';
import type { StepState, WorkflowNodeType } from '../types';
import { NodeTypeIcon, NODE_ACCENTS } from './nodeLook';

const STATE_COLOURS: Record<StepState, string> = {
  pending: '#8c8c8c',
  running: '#0958d9',
  completed: '#237804',
  failed: '#cf1322',
  skipped: '#8c8c8c',
};

let fallbackToken: GlobalToken | undefined;
/** The default theme's token, for a node drawn outside a canvas that gives one. */
const defaultToken = (): GlobalToken => (fallbackToken ??= theme.getDesignToken());

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

/** The look every workflow node shares: type, title, essentials, handles, errors and run state. */
export function NodeFrame({ id, type, selected, title, lines = [], branches }: NodeFrameProps) {
  const t = useCanvasT();
  const { mode, issues, stepStates, token = defaultToken() } = useCanvasContext();
  const errors = issues?.get(id) ?? [];
  const state = mode === 'run' ? stepStates?.[id] : undefined;
  const editable = mode === 'edit';
  const { width } = nodeSize(type);
  const compact = width < 200;
  const accent = NODE_ACCENTS[type];
  const borderColour = errors.length > 0 ? token.colorError : state ? STATE_COLOURS[state] : selected ? token.colorPrimary : token.colorBorder;
  const handleStyle = { width: 10, height: 10, background: accent, opacity: editable ? 1 : 0 };

  return (
    <div
      data-testid={`workflow-node-${id}`}
      data-node-type={type}
      data-state={state}
      data-invalid={errors.length > 0 || undefined}
      style={{
        width,
        minHeight: nodeSize(type).height,
        boxSizing: 'border-box',
        background: token.colorBgContainer,
        border: `${errors.length > 0 || selected || state ? 2 : 1}px ${state === 'skipped' ? 'dashed' : 'solid'} ${borderColour}`,
        borderLeft: `6px solid ${accent}`,
        borderRadius: compact ? 24 : token.borderRadiusLG,
        boxShadow: selected ? token.boxShadowSecondary : token.boxShadowTertiary,
        padding: compact ? '6px 12px' : '8px 12px',
        fontSize: 12,
        lineHeight: 1.4,
        color: token.colorText,
      }}
    >
      {type !== 'start' && <Handle type="target" position={Position.Top} isConnectable={editable} style={handleStyle} />}
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, justifyContent: compact ? 'center' : 'flex-start' }}>
        <span aria-hidden style={{ color: accent, display: 'inline-flex' }}>
          <NodeTypeIcon type={type} />
        </span>
        {!compact && <span style={{ color: token.colorTextSecondary, textTransform: 'uppercase', fontSize: 10 }}>{t(`node.${type}`)}</span>}
        {compact && <strong style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</strong>}
        {state && (
          <span style={{ marginLeft: 'auto', color: STATE_COLOURS[state], fontWeight: 600 }}>{t(`step_state.${state}`)}</span>
        )}
      </div>
      {!compact && (
        <div style={{ fontWeight: 600, fontSize: 13, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</div>
      )}
      {lines.map((line, i) => (
        <div key={i} style={{ color: token.colorTextSecondary, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {line}
        </div>
      ))}
      {errors.length > 0 && (
        <div role="note" style={{ color: token.colorError, marginTop: 4 }}>
          {errors.map((code) => (
            <div key={code}>{t(`issue.${code}`, { defaultValue: code })}</div>
          ))}
        </div>
      )}
      {branches ? (
        <div style={{ display: 'flex', justifyContent: 'space-around', marginTop: 6, color: token.colorTextSecondary, fontSize: 11 }}>
          {branches.map((b, i) => (
            <span key={b.id} style={{ position: 'relative' }}>
              {b.label}
              <Handle
                type="source"
                id={b.id}
                position={Position.Bottom}
                isConnectable={editable}
                style={{ ...handleStyle, left: `${((i + 0.5) / branches.length) * 100}%` }}
              />
            </span>
          ))}
        </div>
      ) : (
        type !== 'end' && <Handle type="source" position={Position.Bottom} isConnectable={editable} style={handleStyle} />
      )}
    </div>
  );
}
