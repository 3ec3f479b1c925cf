import { CheckCircleOutlined, CopyOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { App, Button, Flex, Form, Input, Modal, Space, Switch, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/router/paths';
import type { CompanyCategorySettingFieldsFragment } from '../../../gql/graphql';
import { AdminTable, useAdminList } from '../../../shared/admin';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { succeeded } from '../../../shared/graphql/mutationAnswer';
import { COMPANY_CATEGORY_SETTINGS } from '../graphql/companyCategorySettings';
import { UPDATE_COMPANY_CATEGORY_SETTINGS } from '../graphql/updateCompanyCategorySettings';
import { EmailAddress } from '../../../shared/ui/EmailAddress';
import { useCopyToClipboard } from '../../../shared/ui/CopyButton';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

type Setting = CompanyCategorySettingFieldsFragment;

export interface EmailSettingsTableProps {
  readonly companyId: string;
  /** The admin panel: the enable switch and the edit action (spec 002 §2.10, §6). */
  readonly admin: boolean;
}

/** Spec 002 §9: 10 a page; §2.10: 20 skeleton rows while loading. */
const PAGE_SIZE = 10;
const SKELETON_ROWS = 20;
const DEFAULTS = {};

/** The company's per-category e-mail addresses (spec 002 §2.10). */
export function EmailSettingsTable({ companyId, admin }: EmailSettingsTableProps) {
  const { t } = useTranslation('mailSettings');
  const { message } = App.useApp();
  const copy = useCopyToClipboard();
  const [editing, setEditing] = useState<Setting | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const navigate = useNavigate();
  const phone = useBreakpoint().sm === false;
  const [update] = useMutation(UPDATE_COMPANY_CATEGORY_SETTINGS);
  const list = useAdminList({
    table: 'email_settings',
    defaults: DEFAULTS,
    pageSize: PAGE_SIZE,
    query: COMPANY_CATEGORY_SETTINGS,
    variables: (_, paging) => ({ companyId, ...paging }),
    select: (d) => d.companyCategorySettings,
  });


  const toggle = async (s: Setting, emailEnabled: boolean) => {
    setSwitching(s.id);
    const answer = (
      await update({ variables: { companyId, categoryId: s.category.id, emailEnabled } }).catch(() => null)
    )?.data?.updateCompanyCategorySettings;
    setSwitching(null);
    succeeded(answer ? { success: Boolean(answer.companyCategorySetting), errors: answer.errors } : null);
  };

  const address = (s: Setting) =>
    s.fullEmail ? (
      <Space size={4} wrap={false} style={{ maxWidth: '100%' }}>
        <Typography.Text type={s.emailEnabled ? undefined : 'secondary'} style={{ overflowWrap: 'anywhere' }}>
          <EmailAddress address={s.fullEmail} />
        </Typography.Text>
        <Tooltip title={t('copy')}>
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            aria-label={t('copy_named', { address: s.fullEmail })}
            onClick={() => void copy(s.fullEmail ?? '')}
          />
        </Tooltip>
      </Space>
    ) : (
      <Typography.Text type="secondary">{t('settings.no_alias')}</Typography.Text>
    );

  const columns: TableColumnsType<Setting> = [
    {
      key: 'category',
      title: t('settings.category'),
      render: (_, s) => {
        const name = <Typography.Text type={s.emailEnabled ? undefined : 'secondary'}>{s.category.name}</Typography.Text>;
        // On a phone the address column is hidden (four columns leave it a letter a line): it goes under the name.
        return phone ? (
          <Flex vertical gap={2} align="start">
            {name}
            {address(s)}
          </Flex>
        ) : (
          name
        );
      },
    },
    {
      key: 'alias',
      title: t('settings.alias'),
      responsive: ['sm'],
      render: (_, s) => address(s),
    },
    {
      key: 'senders',
      title: t('settings.senders'),
      responsive: ['sm'],
      render: (_, s) =>
        s.allowEmailsFromNonWhitelistedSenders ? (
          <Typography.Text type={s.emailEnabled ? undefined : 'secondary'}>
            <CheckCircleOutlined aria-hidden /> {t('settings.any_sender')}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">
            <StopOutlined aria-hidden /> {t('settings.accepted_only')}
          </Typography.Text>
        ),
    },
  ];
  if (admin) {
    columns.push(
      {
        key: 'enabled',
        // "Tar emot e-post" took three lines at 390 px, "Vastaanottaa sähköpostia" squeezed the address: the switch's
        // own name still says it in full
        title: phone ? t('settings.enabled_short') : t('settings.enabled'),
        width: 100,
        render: (_, s) => (
          <Switch
            checked={s.emailEnabled}
            loading={switching === s.id}
            disabled={switching !== null}
            aria-label={t('settings.enable_named', { category: s.category.name })}
            onChange={(v) => void toggle(s, v)}
          />
        ),
      },
      {
        key: 'edit',
        title: t('actions'),
        width: 80,
        align: 'end',
        render: (_, s) => (
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('settings.edit_named', { category: s.category.name })}
            onClick={() => setEditing(s)}
          />
        ),
      },
    );
  }

  return (
    <Flex vertical gap="middle">
      {admin ? (
        <Flex gap="small" wrap>
          <Button onClick={() => navigate(paths.companyAcceptedEmails(companyId))}>{t('emails.title')}</Button>
          <Button onClick={() => navigate(paths.companyAcceptedDomains(companyId))}>{t('domains.title')}</Button>
        </Flex>
      ) : null}
      <AdminTable
        list={list}
        columns={columns}
        rowKey={(s) => s.id}
        label={t('settings.title')}
        skeletonRows={SKELETON_ROWS}
        empty={{ description: t('settings.empty') }}
      />
      {editing ? (
        <EditSettingModal
          key={editing.id}
          companyId={companyId}
          setting={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void message.success(t('settings.saved'));
          }}
        />
      ) : null}
    </Flex>
  );
}

interface EditSettingModalProps {
  readonly companyId: string;
  readonly setting: Setting;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

interface EditValues {
  readonly emailAlias: string;
  readonly allowEmailsFromNonWhitelistedSenders: boolean;
}

/** The alias and the any-sender switch of one category (admin panel). */
function EditSettingModal({ companyId, setting, onClose, onSaved }: EditSettingModalProps) {
  const { t } = useTranslation('mailSettings');
  const [form] = Form.useForm<EditValues>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [update, { loading }] = useMutation(UPDATE_COMPANY_CATEGORY_SETTINGS);

  const submit = async (values: EditValues) => {
    const answer = (
      await update({
        variables: {
          companyId,
          categoryId: setting.category.id,
          emailAlias: values.emailAlias.trim(),
          allowEmailsFromNonWhitelistedSenders: values.allowEmailsFromNonWhitelistedSenders,
        },
      }).catch(() => null)
    )?.data?.updateCompanyCategorySettings;
    if (!answer) {
      succeeded(null);
      return;
    }
    if (showMutationErrors(form, answer.errors, ['emailAlias', 'allowEmailsFromNonWhitelistedSenders'])) return;
    onSaved();
  };

  return (
    <Modal
      open
      title={t('edit.title', { category: setting.category.name })}
      okText={t('save')}
      cancelText={t('cancel')}
      width={460}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          emailAlias: setting.emailAlias ?? '',
          allowEmailsFromNonWhitelistedSenders: setting.allowEmailsFromNonWhitelistedSenders,
        }}
        onFinish={(v) => void submit(v)}
        onFinishFailed={invalidSubmit}
      >
        <Form.Item
          name="emailAlias"
          label={t('edit.alias')}
          extra={t('edit.alias_help')}
          rules={[rules.required, rules.alias]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="allowEmailsFromNonWhitelistedSenders"
          label={t('edit.any_sender')}
          extra={t('edit.any_sender_help')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
