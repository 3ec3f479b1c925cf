import { Button, Flex, Typography, theme } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_ACCENTS, NodeTypeIcon } from '../../canvas/nodes/nodeLook';
import { NODE_TYPES, type WorkflowNodeType } from '../../canvas/types';

/** The drag-and-drop payload type of a palette item. */
export const PALETTE_MIME = 'application/x-portico-workflow-node';

interface PaletteProps {
  /** Adds a node where the person can see it (click or Enter: the keyboard's way). */
  readonly onAdd: (type: WorkflowNodeType) => void;
  readonly horizontal?: boolean;
}

/** The eight node types, dragged onto the canvas or added with a click. */
export const Palette = memo(function Palette({ onAdd, horizontal = false }: PaletteProps) {
  const { t } = useTranslation('workflowDesigner');
  const { token } = theme.useToken();
  return (
    <nav aria-label={t('palette.title')}>
      {!horizontal && (
        <Typography.Title level={2} style={{ fontSize: 14, margin: '0 0 8px' }}>
          {t('palette.title')}
        </Typography.Title>
      )}
      <Flex vertical={!horizontal} gap={6} wrap={horizontal}>
        {NODE_TYPES.map((type) => (
          <Button
            key={type}
            draggable
            data-testid={`palette-${type}`}
            title={t(`node_hint.${type}`)}
            aria-label={t('action.add_node', { type: t(`node.${type}`) })}
            icon={
              <span style={{ color: NODE_ACCENTS[type] }}>
                <NodeTypeIcon type={type} />
              </span>
            }
            onDragStart={(event) => {
              event.dataTransfer.setData(PALETTE_MIME, type);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onClick={() => onAdd(type)}
            style={{ justifyContent: 'flex-start', cursor: 'grab', borderColor: token.colorBorderSecondary }}
            size={horizontal ? 'small' : 'middle'}
          >
            {t(`node.${type}`)}
          </Button>
        ))}
      </Flex>
    </nav>
  );
});
