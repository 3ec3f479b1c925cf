import { useMutation, useQuery } from '@apollo/client/react';
import { Breadcrumb, Button, Card, Empty, Flex, Form, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/router/paths';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { AddCustomerUserModal } from '../components/AddCustomerUserModal';
import { COMPANY_USER } from '../graphql/customerUsers';
import { UPDATE_USER } from '../graphql/mutations';

interface Values {
  name: string;
  phone: string;
}

/** CustomerUserEdit (admin panel): general info (name, phone; e-mail read-only) and the user's companies. */
export function CustomerUserEditPage() {
  const { t } = useTranslation('people');
  const { user_id: userId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(COMPANY_USER, { variables: { id: userId } });
  const [update] = useMutation(UPDATE_USER);
  const [form] = Form.useForm<Values>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const user = data?.companyUser;
  const loaded = { name: user?.name ?? '', phone: user?.phone ?? '' };
  const name = Form.useWatch('name', form);
  const phone = Form.useWatch('phone', form);
  const changed = user != null && (name !== loaded.name || (phone ?? '') !== loaded.phone);
  useDocumentTitle(t('edit_user.title', { name: user?.name ?? '' }));

  useEffect(() => {
    if (user) form.setFieldsValue({ name: user.name, phone: user.phone ?? '' });
  }, [user, form]);

  if (error) {
    return <Result status="warning" title={t('edit_user.load_failed')} extra={<Button onClick={() => void refetch()}>{t('actions.retry')}</Button>} />;
  }

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const res = await update({ variables: { userId, name: values.name.trim(), phone: values.phone.trim() } });
      if (showMutationErrors(form, res.data?.updateUser.errors ?? [], ['name', 'phone'])) return;
      await refetch();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to={paths.customerUsers()}>{t('customer_users.title')}</Link> },
          { title: user?.name ?? '…' },
        ]}
      />
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('edit_user.title', { name: user?.name ?? '' })}
        </Typography.Title>
        <Space>
          <Button disabled={!changed} onClick={() => form.setFieldsValue(loaded)}>
            {t('actions.cancel')}
          </Button>
          <Button type="primary" disabled={!changed} loading={saving} onClick={() => form.submit()}>
            {t('actions.save')}
          </Button>
        </Space>
      </Flex>
      {loading && !user ? (
        <Skeleton active />
      ) : (
        <>
          <Card title={t('edit_user.general_info')}>
            <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} onFinishFailed={invalidSubmit} style={{ maxWidth: 480 }}>
              <Form.Item
                name="name"
                label={t('fields.full_name')}
                rules={[rules.personName]}
              >
                <Input />
              </Form.Item>
              <Form.Item name="phone" label={t('fields.work_phone')} rules={[rules.phone]}>
                <Input type="tel" />
              </Form.Item>
              <Form.Item label={t('fields.work_email')}>
                <Input value={user?.email ?? ''} readOnly disabled />
              </Form.Item>
            </Form>
          </Card>
          <Card
            title={t('edit_user.companies')}
            extra={<Button onClick={() => setAdding(true)}>{t('edit_user.add_company')}</Button>}
          >
            {(user?.companyUsers ?? []).length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('edit_user.no_companies')} />
            ) : (
              <Flex vertical gap={8}>
                {(user?.companyUsers ?? []).map((m) => (
                  <Flex key={m.uuid} gap={8} wrap align="center">
                    <Link to={`/companies/${m.company.uuid}/customer-users`}>{m.company.name}</Link>
                    {m.active ? null : <Tag>{t('inactive')}</Tag>}
                    {m.admin ? <Tag color="gold">{t('roles.admin')}</Tag> : null}
                    {m.jobTitle ? <Typography.Text type="secondary">{m.jobTitle}</Typography.Text> : null}
                    {m.categories.map((c) => (
                      <Tag key={c.id}>{c.name}</Tag>
                    ))}
                  </Flex>
                ))}
              </Flex>
            )}
          </Card>
        </>
      )}
      <AddCustomerUserModal open={adding} companyId={null} userId={userId} onClose={() => setAdding(false)} onAdded={() => void refetch()} />
    </Flex>
  );
}
