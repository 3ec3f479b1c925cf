import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEAT_STOPS } from '../utils/heat';

/** The heat scale under the canvas: faster to slower, green to red. */
export function HeatLegend() {
  const { t } = useTranslation('workflowInsights');
  return (
    <Flex gap={8} align="center" wrap data-testid="heat-legend">
      <Typography.Text type="secondary">{t('canvas.legend')}:</Typography.Text>
      <Typography.Text>{t('canvas.legend_fast')}</Typography.Text>
      <span
        aria-hidden
        style={{ width: 120, height: 10, borderRadius: 5, background: `linear-gradient(to right, ${HEAT_STOPS.join(', ')})` }}
      />
      <Typography.Text>{t('canvas.legend_slow')}</Typography.Text>
    </Flex>
  );
}
