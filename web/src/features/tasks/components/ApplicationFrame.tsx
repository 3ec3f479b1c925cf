import { CloseOutlined, CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Button, Flex, Result, Spin, Tooltip, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { APPLICATION_IFRAME } from '../graphql/applicationIframe';
import type { ExternalAction } from '../utils/externalActions';
import { frameSource, isFullscreenRequest } from '../utils/frameMessages';

export interface ApplicationFrameProps {
  readonly taskId: string;
  readonly taskTitle: string;
  /** The task's company (applicationIframe checks it). */
  readonly companyId: string;
  readonly action: ExternalAction;
  readonly onClose: () => void;
}

const context: PorticoOperationContext = { silentErrors: true };

/**
 * An external application's action for a task in an embedded frame, with a close button
 * and an expand toggle. The application may ask for full screen itself by posting a
 * message to this window (see frameMessages.ts); each request toggles it.
 */
export function ApplicationFrame({ taskId, taskTitle, companyId, action, onClose }: ApplicationFrameProps) {
  const { t } = useTranslation('tasks');
  const { token } = theme.useToken();
  const [expanded, setExpanded] = useState(false);
  const frame = useRef<HTMLIFrameElement | null>(null);
  const { data, error, loading, refetch } = useQuery(APPLICATION_IFRAME, {
    variables: { actionKey: action.actionKey, companyId, id: action.id, taskId },
    // The token is valid for minutes only: always ask anew.
    fetchPolicy: 'network-only',
    context,
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      if (isFullscreenRequest(event.data)) setExpanded((v) => !v);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!expanded) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setExpanded(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [expanded]);

  const title = t('frame.title', { action: action.label, task: taskTitle });
  const answer = data?.applicationIframe;

  return (
    <section
      aria-label={title}
      data-testid="application-frame"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgContainer,
        ...(expanded
          ? { position: 'fixed', inset: 0, zIndex: 1000 }
          : { flex: 1, minWidth: 0, borderInlineStart: `1px solid ${token.colorBorderSecondary}` }),
      }}
    >
      <Flex align="center" gap={8} style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorSplit}` }}>
        <Typography.Text strong ellipsis style={{ flex: 1 }}>
          {title}
        </Typography.Text>
        <Tooltip title={expanded ? t('frame.collapse') : t('frame.expand')}>
          <Button
            type="text"
            icon={expanded ? <CompressOutlined /> : <ExpandOutlined />}
            aria-label={expanded ? t('frame.collapse') : t('frame.expand')}
            aria-pressed={expanded}
            onClick={() => setExpanded((v) => !v)}
          />
        </Tooltip>
        <Tooltip title={t('frame.close')}>
          <Button type="text" icon={<CloseOutlined />} aria-label={t('frame.close')} onClick={onClose} />
        </Tooltip>
      </Flex>
      {answer ? (
        <iframe
          ref={frame}
          title={title}
          src={frameSource(answer.url, answer.token)}
          style={{ flex: 1, border: 0, width: '100%' }}
        />
      ) : error ? (
        <Result
          status="warning"
          title={t('frame.failed')}
          extra={<Button onClick={() => void refetch().catch(() => undefined)}>{t('table.retry')}</Button>}
        />
      ) : (
        <Flex align="center" justify="center" style={{ flex: 1 }}>
          <span role="status" aria-label={t('frame.loading')}>
            <Spin spinning={loading} />
          </span>
        </Flex>
      )}
    </section>
  );
}
