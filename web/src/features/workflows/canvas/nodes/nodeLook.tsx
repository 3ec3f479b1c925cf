import {
  BranchesOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  ForkOutlined,
  MergeCellsOutlined,
  PlayCircleOutlined,
  QuestionCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { WorkflowNodeType } from '../types';

/** Each node type's colour (dark enough for text contrast on white). */
export const NODE_ACCENTS: Record<WorkflowNodeType, string> = {
  start: '#237804',
  end: '#a8071a',
  task: '#0958d9',
  approval: '#531dab',
  condition: '#ad4e00',
  parallel: '#006d75',
  join: '#006d75',
  wait: '#874d00',
};

export function NodeTypeIcon({ type }: { type: WorkflowNodeType }) {
  switch (type) {
    case 'start':
      return <PlayCircleOutlined />;
    case 'end':
      return <StopOutlined />;
    case 'task':
      return <CheckSquareOutlined />;
    case 'approval':
      return <QuestionCircleOutlined />;
    case 'condition':
      return <BranchesOutlined />;
    case 'parallel':
      return <ForkOutlined />;
    case 'join':
      return <MergeCellsOutlined />;
    case 'wait':
      return <ClockCircleOutlined />;
  }
}
