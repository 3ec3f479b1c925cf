import { WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StructureIssue } from '../../canvas/validationErrors';
import type { WorkflowNode } from '../../canvas/types';

interface IssuesPanelProps {
  readonly issues: readonly StructureIssue[];
  readonly nodes: readonly WorkflowNode[];
  /** Selects and centres a node. */
  readonly onFocusNode: (nodeId: string) => void;
}

function nodeName(node: WorkflowNode | undefined, t: (key: string) => string): string {
  if (!node) return '';
  const data = node.data as { title?: string; label?: string };
  return data.title?.trim() || data.label?.trim() || t(`node.${node.type}`);
}

/** The server's validation problems of the last save; a node's entry focuses it. */
export function IssuesPanel({ issues, nodes, onFocusNode }: IssuesPanelProps) {
  const { t } = useTranslation('workflowDesigner');
  if (issues.length === 0) return null;
  const tt = t as unknown as (key: string) => string;
  return (
    <Alert
      type="error"
      showIcon
      icon={<WarningOutlined />}
      title={t('errors.count', { count: issues.length })}
      data-testid="workflow-issues"
      description={
        <Flex component="ul" vertical gap={2} style={{ margin: 0, padding: 0, listStyle: 'none', maxHeight: 160, overflowY: 'auto' }}>
          {issues.map((issue, i) => {
            const text = t(`issue.${issue.code}` as 'issue.cycle', { defaultValue: issue.code });
            const node = issue.nodeId ? nodes.find((n) => n.id === issue.nodeId) : undefined;
            return (
              <li key={`${issue.nodeId ?? issue.edgeId ?? ''}-${issue.code}-${i}`}>
                {issue.nodeId ? (
                  <Button type="link" size="small" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => onFocusNode(issue.nodeId as string)}>
                    {`${nodeName(node, tt) || issue.nodeId}: ${text}`}
                  </Button>
                ) : (
                  <span>{`${t('errors.structure')}: ${text}`}</span>
                )}
              </li>
            );
          })}
        </Flex>
      }
    />
  );
}
