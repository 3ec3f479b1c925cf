import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, App, Button, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/i18n/dates';
import { reportServerErrors } from '../../../app/errors/reportErrors';
import { succeeded } from '../../../shared/graphql/mutationAnswer';
import { CopyButton } from '../../../shared/ui/CopyButton';
import { CALENDAR_FEED, DELETE_CALENDAR_FEED, RENEW_CALENDAR_FEED, UPDATE_CALENDAR_FEED } from '../graphql/calendarFeed';

export interface CalendarFeedCardProps {
  /** Provider staff may keep the feed to the tasks assigned to them. */
  readonly staff: boolean;
}

/**
 * The viewer's calendar feed: a secret iCalendar address to copy into a calendar app. Only a hash
 * of its token is kept, so the address shows once, right after it is made or renewed.
 */
export function CalendarFeedCard({ staff }: CalendarFeedCardProps) {
  const { t } = useTranslation('profile');
  const { modal, message } = App.useApp();
  const { data, loading, error, refetch } = useQuery(CALENDAR_FEED);
  const [renew, renewing] = useMutation(RENEW_CALENDAR_FEED, { refetchQueries: ['CalendarFeed'] });
  const [update, updating] = useMutation(UPDATE_CALENDAR_FEED, { refetchQueries: ['CalendarFeed'] });
  const [remove] = useMutation(DELETE_CALENDAR_FEED, { refetchQueries: ['CalendarFeed'] });
  const [address, setAddress] = useState<string | null>(null);
  const feed = data?.calendarFeed;

  const makeAddress = async () => {
    try {
      const { data: answer } = await renew({ variables: {} });
      const made = answer?.renewCalendarFeed;
      if (made?.errors.length) reportServerErrors(made.errors);
      else if (made?.calendarFeed?.url) setAddress(made.calendarFeed.url);
    } catch {
      // shown by the error link
    }
  };
  const confirmRenew = () =>
    modal.confirm({
      title: t('calendar_feed.renew_title'),
      content: t('calendar_feed.renew_text'),
      okText: t('calendar_feed.renew'),
      cancelText: t('calendar_feed.cancel'),
      onOk: makeAddress,
    });
  const confirmStop = () =>
    modal.confirm({
      title: t('calendar_feed.stop_title'),
      content: t('calendar_feed.stop_text'),
      okText: t('calendar_feed.stop'),
      okButtonProps: { danger: true },
      cancelText: t('calendar_feed.cancel'),
      onOk: async () => {
        try {
          const { data: answer } = await remove();
          if (succeeded(answer?.deleteCalendarFeed)) {
            setAddress(null);
            void message.success(t('calendar_feed.stopped'));
          }
        } catch {
          // shown by the error link
        }
      },
    });

  let body;
  if (loading && !data) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (error && !data)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('calendar_feed.load_failed')}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('calendar_feed.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <Flex vertical gap={12} align="start">
        <Typography.Paragraph style={{ margin: 0 }}>{t('calendar_feed.intro')}</Typography.Paragraph>
        {address ? (
          <Alert
            type="info"
            showIcon
            style={{ width: '100%' }}
            title={t('calendar_feed.address_title')}
            description={
              <Flex vertical gap={4}>
                <Flex align="center" gap={4}>
                  <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="calendar-feed-url">
                    {address}
                  </Typography.Text>
                  <CopyButton text={address} label={t('calendar_feed.copy')} />
                </Flex>
                <span>{t('calendar_feed.address_once')}</span>
              </Flex>
            }
          />
        ) : null}
        {feed ? (
          <>
            {!address ? (
              <Typography.Text type="secondary">{t('calendar_feed.made', { date: formatDateTime(feed.createdAt) })}</Typography.Text>
            ) : null}
            {staff ? (
              <Flex gap={8} align="center">
                <Switch
                  id="calendar-feed-assigned"
                  checked={feed.assignedOnly}
                  loading={updating.loading}
                  onChange={(assignedOnly) =>
                    void update({ variables: { assignedOnly } })
                      .then(({ data: answer }) => {
                        const errors = answer?.updateCalendarFeed.errors ?? [];
                        if (errors.length) reportServerErrors(errors);
                      })
                      .catch(() => undefined)
                  }
                />
                <label htmlFor="calendar-feed-assigned">{t('calendar_feed.assigned_only')}</label>
              </Flex>
            ) : null}
            <Flex gap={8} wrap>
              <Button onClick={confirmRenew} loading={renewing.loading}>
                {t('calendar_feed.renew')}
              </Button>
              <Button danger onClick={confirmStop}>
                {t('calendar_feed.stop')}
              </Button>
            </Flex>
          </>
        ) : (
          <Button type="primary" onClick={() => void makeAddress()} loading={renewing.loading}>
            {t('calendar_feed.create')}
          </Button>
        )}
      </Flex>
    );
  return <Card title={<span>{t('calendar_feed.title')}</span>}>{body}</Card>;
}
