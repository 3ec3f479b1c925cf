import { Alert, Button, Empty, Flex, Result, Typography } from 'antd';
import type { ErrorLike } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeServerError } from '../../../../app/errors/serverErrors';
import { i18n } from '../../../../app/i18n/i18n';

export interface InsightsFrameProps {
  readonly title: ReactNode;
  readonly intro: string;
  readonly nav?: ReactNode;
  readonly toolbar: ReactNode;
  /** The query's error, shown in place of the figures (a catalogue error with its text). */
  readonly error: ErrorLike | undefined;
  readonly onRetry: () => void;
  /** Nothing happened in the window. */
  readonly empty: boolean;
  readonly children: ReactNode;
}

/** What both run analytics pages share: their heading, period, error and empty states. */
export function InsightsFrame({ title, intro, nav, toolbar, error, onRetry, empty, children }: InsightsFrameProps) {
  const { t } = useTranslation('workflowInsights');
  const refusal = CombinedGraphQLErrors.is(error) ? error.errors[0] : undefined;
  const described = refusal
    ? describeServerError(
        {
          code: typeof refusal.extensions?.['code'] === 'string' ? refusal.extensions['code'] : null,
          message: refusal.message,
          field: null,
          entityType: typeof refusal.extensions?.['entityType'] === 'string' ? refusal.extensions['entityType'] : null,
        },
        i18n,
      )
    : null;
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      {nav}
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {intro}
        </Typography.Paragraph>
      </div>
      {toolbar}
      {error ? (
        described && described.code === 'VALIDATION_ERROR' ? (
          <Alert type="warning" showIcon title={described.description} data-testid="insights-error" />
        ) : (
          <Result
            status="warning"
            title={t('load_failed')}
            subTitle={described?.description}
            extra={
              <Button type="primary" onClick={onRetry}>
                {t('retry')}
              </Button>
            }
            data-testid="insights-error"
          />
        )
      ) : (
        <>
          {empty ? (
            <Empty description={t('empty')} data-testid="insights-empty">
              <Typography.Text type="secondary">{t('empty_hint')}</Typography.Text>
            </Empty>
          ) : null}
          {children}
        </>
      )}
    </Flex>
  );
}
