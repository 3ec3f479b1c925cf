import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportUnexpectedError } from '../../../app/errors/reportErrors';
import type { ServerErrorLike } from '../../../app/errors/serverErrors';
import { succeeded } from '../../../shared/graphql/mutationAnswer';
import { useCoalescedRefetch, useRealtime } from '../../../shared/realtime';
import { CREATE_SYSTEM_BANNER, DELETE_SYSTEM_BANNER, MANAGED_BANNERS, UPDATE_SYSTEM_BANNER } from '../graphql/banners';
import { NEW_BANNER, type BannerDraft } from '../utils/banners';
import { BannerCard } from './BannerCard';

const BANNER_KEYS = ['system_banner.create', 'system_banner.update', 'system_banner.destroy'];

export interface BannersPanelProps {
  /** The company of company banners; null for global banners. */
  readonly companyId: string | null;
  readonly canCreate: boolean;
  readonly canUpdate: boolean;
  readonly canDestroy: boolean;
}

/** The banner cards of one scope (GlobalSystemBanners or CompanySystemBanners, spec 002 §2.14). */
export function BannersPanel({ companyId, canCreate, canUpdate, canDestroy }: BannersPanelProps) {
  const { t } = useTranslation('portal');
  const bannerGroup = companyId ? 'company' : 'global';
  const variables = { companyId, bannerGroup };
  const { data, loading, error, refetch } = useQuery(MANAGED_BANNERS, { variables, fetchPolicy: 'cache-and-network' });
  const [adding, setAdding] = useState(false);
  const [create] = useMutation(CREATE_SYSTEM_BANNER);
  const [update] = useMutation(UPDATE_SYSTEM_BANNER);
  const [remove] = useMutation(DELETE_SYSTEM_BANNER);
  // another admin's change shows at once (an event during a refetch gets one more, not Apollo's joined answer)
  const reload = useCoalescedRefetch(refetch);
  useRealtime(reload, BANNER_KEYS);

  const banners = data?.systemBanners ?? [];

  const saveNew = async (draft: BannerDraft): Promise<readonly ServerErrorLike[]> => {
    const result = await create({ variables: { bannerGroup, companyId, ...draft, userTypes: [...draft.userTypes] } });
    const answer = result.data?.createSystemBanner;
    if (!answer) {
      reportUnexpectedError();
      return [];
    }
    if (answer.errors.length === 0) {
      setAdding(false);
      await refetch();
    }
    return answer.errors;
  };

  if (error && !data) {
    return <Result status="warning" title={t('banners.load_failed')} extra={<Button onClick={() => void refetch()}>{t('actions.retry')}</Button>} />;
  }
  if (loading && !data) return <Skeleton active paragraph={{ rows: 4 }} />;

  return (
    <Flex vertical gap={16}>
      {canCreate && !adding ? (
        <Flex justify="flex-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('banners.add')}
          </Button>
        </Flex>
      ) : null}
      {adding ? <BannerCard banner={null} initial={NEW_BANNER} canUpdate canDestroy={false} onSave={saveNew} onCancelNew={() => setAdding(false)} /> : null}
      {banners.length === 0 && !adding ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text>{canCreate ? t('banners.empty_can_create') : t('banners.empty')}</Typography.Text>} />
      ) : null}
      {banners.map((b) => {
        const stored: BannerDraft & { id: string } = {
          id: b.id,
          bannerType: b.bannerType,
          description: b.description,
          dismissible: b.dismissible,
          userTypes: b.userTypes,
        };
        return (
          <BannerCard
            key={`${b.id}:${b.description}:${b.bannerType}:${b.userTypes.join(',')}:${String(b.dismissible)}`}
            banner={stored}
            initial={stored}
            canUpdate={canUpdate}
            canDestroy={canDestroy}
            onSave={async (draft) => {
              const result = await update({ variables: { id: b.id, ...draft, userTypes: [...draft.userTypes] } });
              const answer = result.data?.updateSystemBanner;
              if (!answer) {
                reportUnexpectedError();
                return [];
              }
              return answer.errors;
            }}
            onDelete={async () => {
              const result = await remove({ variables: { id: b.id } });
              if (succeeded(result.data?.deleteSystemBanner)) await refetch();
            }}
          />
        );
      })}
    </Flex>
  );
}
