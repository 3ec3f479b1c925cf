import type { AriaLabelConfig } from '@xyflow/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** React Flow's own labels (controls, minimap, keyboard hints) in the person's language. */
export function useCanvasAriaLabels(): Partial<AriaLabelConfig> {
  const { t } = useTranslation('workflowDesigner');
  return useMemo(
    () => ({
      'node.a11yDescription.default': t('canvas.node_help'),
      'node.a11yDescription.keyboardDisabled': t('canvas.node_help_readonly'),
      'edge.a11yDescription.default': t('canvas.edge_help'),
      'controls.ariaLabel': t('canvas.controls'),
      'controls.zoomIn.ariaLabel': t('canvas.zoom_in'),
      'controls.zoomOut.ariaLabel': t('canvas.zoom_out'),
      'controls.fitView.ariaLabel': t('action.fit_view'),
      'controls.interactive.ariaLabel': t('canvas.interactive'),
      'minimap.ariaLabel': t('canvas.minimap'),
      'handle.ariaLabel': t('canvas.handle'),
    }),
    [t],
  );
}
