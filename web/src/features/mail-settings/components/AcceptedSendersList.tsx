import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSearch, AdminTable, useAdminList } from '../../../shared/admin';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { succeeded } from '../../../shared/graphql/mutationAnswer';
import { TruncatedText } from '../../../shared/ui/TruncatedText';
import {
  ADD_COMPANY_ACCEPTED_DOMAIN,
  ADD_COMPANY_ACCEPTED_EMAIL,
  COMPANY_ACCEPTED_DOMAINS,
  COMPANY_ACCEPTED_EMAILS,
  DELETE_COMPANY_ACCEPTED_DOMAIN,
  DELETE_COMPANY_ACCEPTED_EMAIL,
} from '../graphql/acceptedSenders';

export type AcceptedKind = 'emails' | 'domains';

export interface AcceptedSendersListProps {
  readonly companyId: string;
  readonly kind: AcceptedKind;
  /** The admin panel: entries can be deleted. */
  readonly admin: boolean;
  /** The viewer may add entries (admin panel, agent admins, customer admins). */
  readonly canAdd: boolean;
}

interface Row {
  readonly id: string;
  readonly value: string;
}

/** Spec 002 §9: accepted lists load 10 a page. */
const PAGE_SIZE = 10;
const DEFAULTS = { search: '' };

function useAcceptedList(companyId: string, kind: AcceptedKind) {
  const emails = useAdminList({
    table: 'accepted_emails',
    defaults: DEFAULTS,
    pageSize: PAGE_SIZE,
    query: COMPANY_ACCEPTED_EMAILS,
    skip: kind !== 'emails',
    variables: (f, paging) => ({ companyId, search: f.search || undefined, ...paging }),
    select: (d) => ({
      totalCount: d.companyAcceptedEmails.totalCount,
      collection: d.companyAcceptedEmails.collection.map((r): Row => ({ id: r.id, value: r.email })),
    }),
  });
  const domains = useAdminList({
    table: 'accepted_domains',
    defaults: DEFAULTS,
    pageSize: PAGE_SIZE,
    query: COMPANY_ACCEPTED_DOMAINS,
    skip: kind !== 'domains',
    variables: (f, paging) => ({ companyId, search: f.search || undefined, ...paging }),
    select: (d) => ({
      totalCount: d.companyAcceptedDomains.totalCount,
      collection: d.companyAcceptedDomains.collection.map((r): Row => ({ id: r.id, value: r.domain })),
    }),
  });
  return kind === 'emails' ? emails : domains;
}

/**
 * Accepted sender e-mails or domains of a company (spec 002 §2.10): a search kept in
 * table_accepted_emails / table_accepted_domains, the table, add, and delete in the admin panel.
 */
export function AcceptedSendersList({ companyId, kind, admin, canAdd }: AcceptedSendersListProps) {
  const { t } = useTranslation('mailSettings');
  const { message } = App.useApp();
  const list = useAcceptedList(companyId, kind);
  const [adding, setAdding] = useState(false);
  const [deleteEmail] = useMutation(DELETE_COMPANY_ACCEPTED_EMAIL);
  const [deleteDomain] = useMutation(DELETE_COMPANY_ACCEPTED_DOMAIN);

  const remove = async (row: Row) => {
    const answer =
      kind === 'emails'
        ? (await deleteEmail({ variables: { id: row.id } }).catch(() => null))?.data?.deleteCompanyAcceptedEmail
        : (await deleteDomain({ variables: { id: row.id } }).catch(() => null))?.data?.deleteCompanyAcceptedDomain;
    if (succeeded(answer)) {
      void message.success(t(`${kind}.deleted`, { value: row.value }));
      list.refetch();
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'value',
      title: t(`${kind}.column`),
      render: (_, r) => <TruncatedText title={r.value}>{r.value}</TruncatedText>,
      ellipsis: { showTitle: false },
    },
  ];
  if (admin) {
    columns.push({
      key: 'actions',
      title: t('actions'),
      align: 'end',
      width: 90,
      render: (_, r) => (
        <Popconfirm
          title={t(`${kind}.delete_confirm`, { value: r.value })}
          okText={t('delete')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(r)}
        >
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete_named', { value: r.value })} />
        </Popconfirm>
      ),
    });
  }

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap justify="space-between">
        <div style={{ flex: '1 1 220px', maxWidth: 360 }}>
          <AdminSearch
            value={list.filters.search}
            onSearch={(search) => list.setFilters({ search })}
            label={t(`${kind}.search`)}
          />
        </div>
        {canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t(`${kind}.add`)}
          </Button>
        ) : null}
      </Flex>
      <AdminTable
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        label={t(`${kind}.title`)}
        empty={{
          description: t(canAdd ? `${kind}.empty_can_add` : `${kind}.empty`),
          action: canAdd ? <Button onClick={() => setAdding(true)}>{t(`${kind}.add`)}</Button> : undefined,
        }}
      />
      <AddAcceptedModal
        open={adding}
        companyId={companyId}
        kind={kind}
        onClose={() => setAdding(false)}
        onAdded={(value) => {
          setAdding(false);
          void message.success(t(`${kind}.added`, { value }));
          list.refetch();
        }}
      />
    </Flex>
  );
}

interface AddAcceptedModalProps {
  readonly open: boolean;
  readonly companyId: string;
  readonly kind: AcceptedKind;
  readonly onClose: () => void;
  readonly onAdded: (value: string) => void;
}

function AddAcceptedModal({ open, companyId, kind, onClose, onAdded }: AddAcceptedModalProps) {
  const { t } = useTranslation('mailSettings');
  const [form] = Form.useForm<{ value: string }>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [addEmail, addingEmail] = useMutation(ADD_COMPANY_ACCEPTED_EMAIL);
  const [addDomain, addingDomain] = useMutation(ADD_COMPANY_ACCEPTED_DOMAIN);
  const field = kind === 'emails' ? 'email' : 'domain';

  const submit = async ({ value }: { value: string }) => {
    const trimmed = value.trim();
    const answer =
      kind === 'emails'
        ? (await addEmail({ variables: { companyId, email: trimmed } }).catch(() => null))?.data?.addCompanyAcceptedEmail
        : (await addDomain({ variables: { companyId, domain: trimmed } }).catch(() => null))?.data?.addCompanyAcceptedDomain;
    if (!answer) {
      succeeded(null);
      return;
    }
    if (showMutationErrors(form, answer.errors, { [field]: 'value' })) return;
    form.resetFields();
    onAdded(trimmed);
  };

  return (
    <Modal
      open={open}
      title={t(`${kind}.add`)}
      okText={t('add')}
      cancelText={t('cancel')}
      width={410}
      confirmLoading={addingEmail.loading || addingDomain.loading}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} onFinishFailed={invalidSubmit} requiredMark={false}>
        <Form.Item
          name="value"
          label={t(`${kind}.field`)}
          rules={[rules.required, kind === 'emails' ? rules.email : rules.domain]}
        >
          <Input autoFocus placeholder={kind === 'emails' ? 'name@example.com' : 'example.com'} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
