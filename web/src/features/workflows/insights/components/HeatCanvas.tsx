import { Result, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeHeats } from '../../canvas/types';

export interface HeatCanvasProps {
  /** The drawn version's structure, as the server stores it. */
  readonly structure: unknown;
  readonly heat: NodeHeats;
  readonly ariaLabel: string;
  readonly height: number | string;
}

/**
 * A workflow version drawn read-only with its steps' heat. The canvas code is the canvas
 * pages' chunk (canvasPages.ts), fetched when this draws: importing it here would split it
 * out of that chunk, into more of the first load of every page that draws a workflow.
 */
const Canvas = lazy(() =>
  import('../../canvasPages').then(({ parseStructure, WorkflowCanvas }) => ({
    default: function ParsedCanvas({ structure, heat, ariaLabel, height }: HeatCanvasProps) {
      const { t } = useTranslation('workflowDesigner');
      const parsed = parseStructure(structure);
      if (!parsed.ok) return <Result status="warning" title={t('editor.load_failed_title')} subTitle={t('editor.load_failed_text')} />;
      return <WorkflowCanvas graph={parsed.graph} mode="view" heat={heat} ariaLabel={ariaLabel} height={height} />;
    },
  })),
);

export function HeatCanvas(props: HeatCanvasProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
      <Canvas {...props} />
    </Suspense>
  );
}
