import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Radio, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerErrorLike } from '../../../app/errors/serverErrors';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { RichText } from '../../../shared/ui/RichText';
import { RichTextEditor } from '../../../shared/ui/RichTextEditor';
import {
  BANNER_DESCRIPTION_MAX,
  BANNER_TYPES,
  BANNER_USER_TYPES,
  descriptionLength,
  draftProblem,
  type BannerDraft,
} from '../utils/banners';

export interface BannerCardProps {
  /** The stored banner; null for a new one (the card opens in edit mode). */
  readonly banner: (BannerDraft & { readonly id: string }) | null;
  readonly initial: BannerDraft;
  readonly canUpdate: boolean;
  readonly canDestroy: boolean;
  /** Saves the draft; answers the server's errors (empty on success). */
  readonly onSave: (draft: BannerDraft) => Promise<readonly ServerErrorLike[]>;
  readonly onDelete?: () => Promise<void>;
  /** Leaves a new banner's card. */
  readonly onCancelNew?: () => void;
}

const FIELDS = ['bannerType', 'description', 'userTypes', 'dismissible'];

/** One banner: its preview in show mode; type, audience, dismissible and text in edit mode, with a live preview. */
export function BannerCard({ banner, initial, canUpdate, canDestroy, onSave, onDelete, onCancelNew }: BannerCardProps) {
  const { t } = useTranslation('portal');
  const { modal } = App.useApp();
  const [editing, setEditing] = useState(banner === null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<BannerDraft>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const watched = Form.useWatch([], form) as BannerDraft | undefined;
  const draft: BannerDraft = editing && watched ? { ...initial, ...watched } : initial;
  const problem = draftProblem(draft);

  const save = async () => {
    setSaving(true);
    try {
      const errors = await onSave(draft);
      if (showMutationErrors(form, errors, FIELDS)) return;
      if (banner) setEditing(false);
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    form.setFieldsValue(initial);
    if (banner) setEditing(false);
    else onCancelNew?.();
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t('banners.delete_title'),
      content: t('banners.delete_text'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => onDelete?.(),
    });

  const preview = (
    <Alert
      banner
      showIcon
      type={draft.bannerType === 'warning' ? 'warning' : 'info'}
      title={draft.description ? <RichText html={draft.description} compact /> : <Typography.Text type="secondary">{t('banners.preview_empty')}</Typography.Text>}
    />
  );

  if (!editing) {
    return (
      <Card
        size="small"
        data-testid="banner-card"
        title={<Space wrap>{t(`banners.type.${draft.bannerType === 'warning' ? 'warning' : 'info'}`)}{draft.userTypes.map((u) => <Tag key={u}>{t(`banners.user_type.${u === 'customer' ? 'customer' : 'portico_user'}`)}</Tag>)}</Space>}
        extra={
          <Space>
            {canUpdate ? <Button icon={<EditOutlined />} aria-label={t('actions.edit')} onClick={() => { form.setFieldsValue(initial); setEditing(true); }} /> : null}
            {canDestroy ? <Button danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} onClick={confirmDelete} /> : null}
          </Space>
        }
      >
        <Flex vertical gap={8}>
          {preview}
          <Typography.Text type="secondary">{draft.dismissible ? t('banners.dismissible') : t('banners.not_dismissible')}</Typography.Text>
        </Flex>
      </Card>
    );
  }

  return (
    <Card size="small" data-testid="banner-card" title={banner ? t('banners.edit_title') : t('banners.new_title')}>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void save()} onFinishFailed={invalidSubmit} requiredMark>
        <Form.Item name="bannerType" label={t('banners.field.type')} rules={[rules.required]}>
          <Radio.Group options={BANNER_TYPES.map((v) => ({ value: v, label: t(`banners.type.${v}`) }))} />
        </Form.Item>
        <Form.Item name="userTypes" label={t('banners.field.user_types')}>
          <Checkbox.Group options={BANNER_USER_TYPES.map((v) => ({ value: v, label: t(`banners.user_type.${v}`) }))} />
        </Form.Item>
        <Form.Item name="dismissible" label={t('banners.field.dismissible')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('banners.field.description')}
          extra={t('banners.description_help', { count: descriptionLength(draft.description), max: BANNER_DESCRIPTION_MAX })}
          validateStatus={problem === 'description_too_long' ? 'error' : undefined}
        >
          <RichTextEditor ariaLabel={t('banners.field.description')} status={problem === 'description_too_long' ? 'error' : undefined} />
        </Form.Item>
        <Flex vertical gap={4} style={{ marginBottom: 16 }}>
          <Typography.Text strong>{t('banners.preview')}</Typography.Text>
          <div data-testid="banner-preview">{preview}</div>
        </Flex>
        <Flex gap={8} justify="flex-end" wrap>
          {problem ? <Typography.Text type="secondary" style={{ marginInlineEnd: 'auto' }}>{t(`banners.problem.${problem}`)}</Typography.Text> : null}
          <Button onClick={cancel}>{t('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving} disabled={problem !== null}>
            {t('actions.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
