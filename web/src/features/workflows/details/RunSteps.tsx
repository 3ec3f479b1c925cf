import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../app/i18n/dates';
import type { WorkflowGraph } from '../canvas/types';

export interface RunStep {
  readonly nodeId: string;
  readonly state: string;
  readonly taskId?: string | null;
  readonly error?: string | null;
  readonly startedAt?: string | null;
}

// Only failed is coloured (the light tag colours fall short of axe's text contrast).
const COLOURS: Readonly<Record<string, string>> = { failed: 'error' };

/** A node's name as the canvas shows it: its label, a task's title, or its type. */
export function stepName(graph: WorkflowGraph | null, nodeId: string): string {
  const node = graph?.nodes.find((n) => n.id === nodeId);
  if (!node) return nodeId;
  const data = node.data as { label?: string; title?: string };
  return data.label || data.title || node.type;
}

/** The run's steps in the order they began, each task linked to its thread in the inbox. */
export function RunSteps({ steps, graph, companyId }: { readonly steps: readonly RunStep[]; readonly graph: WorkflowGraph | null; readonly companyId: string }) {
  const { t } = useTranslation('workflowRuns');
  const sorted = [...steps].sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? ''));
  return (
    <List
      size="small"
      dataSource={sorted}
      // antd's own empty text is too faint for axe's contrast rule
      locale={{ emptyText: <Typography.Text type="secondary">{t('details.no_steps')}</Typography.Text> }}
      renderItem={(s) => (
        <List.Item
          key={s.nodeId}
          data-testid="run-step"
          data-state={s.state}
          actions={
            s.taskId
              ? [
                  <Link key="task" to={`/${encodeURIComponent(companyId)}/inbox/${encodeURIComponent(s.taskId)}`}>
                    {t('details.open_task')}
                  </Link>,
                ]
              : []
          }
        >
          <List.Item.Meta
            title={stepName(graph, s.nodeId)}
            description={
              <>
                <Tag color={COLOURS[s.state] ?? 'default'}>{t(`step_state.${s.state as 'pending'}`, { defaultValue: s.state })}</Tag>
                {s.startedAt ? <Typography.Text type="secondary">{formatDateTime(s.startedAt)}</Typography.Text> : null}
                {s.error ? <Typography.Text type="danger"> {s.error}</Typography.Text> : null}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
