import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import BranchesOutlined from '@ant-design/icons-svg/es/asn/BranchesOutlined';
import CheckSquareOutlined from '@ant-design/icons-svg/es/asn/CheckSquareOutlined';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import ForkOutlined from '@ant-design/icons-svg/es/asn/ForkOutlined';
import MergeCellsOutlined from '@ant-design/icons-svg/es/asn/MergeCellsOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import QuestionCircleOutlined from '@ant-design/icons-svg/es/asn/QuestionCircleOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import type { WorkflowNodeType } from '../types';
import './workflowNode.css';

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

const ICONS: Record<WorkflowNodeType, IconDefinition> = {
  start: PlayCircleOutlined,
  end: StopOutlined,
  task: CheckSquareOutlined,
  approval: QuestionCircleOutlined,
  condition: BranchesOutlined,
  parallel: ForkOutlined,
  join: MergeCellsOutlined,
  wait: ClockCircleOutlined,
};

/** The outlines of a type's icon (Ant Design's own, the same as its icon components draw). */
const iconPaths = (type: WorkflowNodeType): { viewBox: string; paths: string[] } => {
  const { icon } = ICONS[type];
  const svg = icon as AbstractNode; // outlined icons are plain trees, not two-tone functions
  return { viewBox: svg.attrs.viewBox ?? '64 64 896 896', paths: (svg.children ?? []).map((c) => c.attrs.d ?? '') };
};
const PATHS = Object.fromEntries((Object.keys(ICONS) as WorkflowNodeType[]).map((type) => [type, iconPaths(type)])) as Record<
  WorkflowNodeType,
  { viewBox: string; paths: string[] }
>;

/**
 * A node type's icon as a bare inline SVG: a canvas draws one per node, and Ant Design's icon
 * components add a wrapper, a context read and a style effect to each of hundreds.
 */
export function NodeTypeIcon({ type }: { type: WorkflowNodeType }) {
  const { viewBox, paths } = PATHS[type];
  return (
    <svg className="wf-icon" viewBox={viewBox} width="1em" height="1em" fill="currentColor" focusable="false" aria-hidden="true">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
