import type { NodeProps, NodeTypes } from '@xyflow/react';
import { memo } from 'react';
import { useCanvasContext, useCanvasT } from '../canvasContext';
import { assigneeText, conditionText, dueText, waitText } from '../describe';
import type {
  ApprovalNode,
  ConditionNode,
  EndNode,
  JoinNode,
  ParallelNode,
  StartNode,
  TaskNode,
  WaitNode,
  WorkflowNodeType,
} from '../types';
import { NodeFrame } from './NodeFrame';
import { sameView } from './sameView';

function useLabel(type: WorkflowNodeType, label: string | undefined): string {
  const t = useCanvasT();
  return label?.trim() ? label : t(`node.${type}`);
}

const StartNodeView = memo(function StartNodeView({ id, data, selected }: NodeProps<StartNode>) {
  const t = useCanvasT();
  const params = (data.parameters ?? []).map((p) => p.name).filter(Boolean);
  return (
    <NodeFrame
      id={id}
      type="start"
      selected={selected}
      title={useLabel('start', data.label)}
      lines={params.length > 0 ? [t('start.parameters', { names: params.join(', ') })] : []}
    />
  );
}, sameView);

const EndNodeView = memo(function EndNodeView({ id, data, selected }: NodeProps<EndNode>) {
  return <NodeFrame id={id} type="end" selected={selected} title={useLabel('end', data.label)} />;
}, sameView);

function TaskLike({ id, type, data, selected }: { id: string; type: 'task' | 'approval'; data: TaskNode['data']; selected: boolean }) {
  const t = useCanvasT();
  const { names } = useCanvasContext();
  const title = data.title?.trim() || t('task.untitled');
  const lines = [
    `${t('field.assignee')}: ${assigneeText(t, data, names)}`,
    `${t('field.due_date')}: ${dueText(t, data.dueDate)}${data.optional ? ` · ${t('task.optional')}` : ''}`,
  ];
  const branches = type === 'approval' ? [{ id: 'approved', label: t('branch.approved') }, { id: 'rejected', label: t('branch.rejected') }] : undefined;
  return <NodeFrame id={id} type={type} selected={selected} title={title} lines={lines} branches={branches} />;
}

const TaskNodeView = memo(function TaskNodeView({ id, data, selected }: NodeProps<TaskNode>) {
  return <TaskLike id={id} type="task" data={data} selected={selected} />;
}, sameView);

const ApprovalNodeView = memo(function ApprovalNodeView({ id, data, selected }: NodeProps<ApprovalNode>) {
  return <TaskLike id={id} type="approval" data={data} selected={selected} />;
}, sameView);

const ConditionNodeView = memo(function ConditionNodeView({ id, data, selected }: NodeProps<ConditionNode>) {
  const t = useCanvasT();
  return (
    <NodeFrame
      id={id}
      type="condition"
      selected={selected}
      title={useLabel('condition', data.label)}
      lines={[conditionText(t, data)]}
      branches={[
        { id: 'true', label: t('branch.true') },
        { id: 'false', label: t('branch.false') },
      ]}
    />
  );
}, sameView);

const ParallelNodeView = memo(function ParallelNodeView({ id, data, selected }: NodeProps<ParallelNode>) {
  return <NodeFrame id={id} type="parallel" selected={selected} title={useLabel('parallel', data.label)} />;
}, sameView);

const JoinNodeView = memo(function JoinNodeView({ id, data, selected }: NodeProps<JoinNode>) {
  return <NodeFrame id={id} type="join" selected={selected} title={useLabel('join', data.label)} />;
}, sameView);

const WaitNodeView = memo(function WaitNodeView({ id, data, selected }: NodeProps<WaitNode>) {
  const t = useCanvasT();
  return <NodeFrame id={id} type="wait" selected={selected} title={useLabel('wait', data.label)} lines={[waitText(t, data)]} />;
}, sameView);

/** The eight node components, at module scope so React Flow never remounts them. */
export const workflowNodeTypes = {
  start: StartNodeView,
  end: EndNodeView,
  task: TaskNodeView,
  approval: ApprovalNodeView,
  condition: ConditionNodeView,
  parallel: ParallelNodeView,
  join: JoinNodeView,
  wait: WaitNodeView,
} satisfies NodeTypes;
