import { CalendarOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { App, Button, Empty, Flex, Form, Input, Modal, Result, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportUnexpectedError } from '../../../app/errors/reportErrors';
import { CountryFlag } from '../../../shared/ui/CountryFlag';
import { paths } from '../../../app/router/paths';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { succeeded } from '../../../shared/graphql/mutationAnswer';
import { PortalManagementLayout } from '../components/PortalManagementLayout';
import { CREATE_COUNTRY, DELETE_COUNTRY, PORTAL_COUNTRIES } from '../graphql/countries';
import { DataTable } from '../../../shared/table/DataTable';

/** The add-country modal's width (spec 002 §9). */
const ADD_COUNTRY_WIDTH = 460;

interface CountryForm {
  readonly name: string;
  readonly code: string;
}

/** /portal-management/countries (GlobalCountries): flag and name, show holidays, delete, add. */
export function CountriesPage() {
  const { t } = useTranslation('portal');
  const { modal } = App.useApp();
  const { data, loading, error, refetch } = useQuery(PORTAL_COUNTRIES, { fetchPolicy: 'cache-and-network' });
  const [create, { loading: creating }] = useMutation(CREATE_COUNTRY);
  const [remove] = useMutation(DELETE_COUNTRY);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<CountryForm>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();

  const add = async (values: CountryForm) => {
    const result = await create({ variables: { name: values.name.trim(), code: values.code.trim().toLowerCase() } });
    const answer = result.data?.createCountry;
    if (!answer) return reportUnexpectedError();
    if (showMutationErrors(form, answer.errors, ['name', 'code'])) return;
    setAdding(false);
    form.resetFields();
    await refetch();
  };

  const confirmDelete = (id: string, name: string) =>
    modal.confirm({
      title: t('countries.delete_title', { name }),
      content: t('countries.delete_text'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        const result = await remove({ variables: { id } });
        if (succeeded(result.data?.deleteCountry)) await refetch();
      },
    });

  const countries = data?.countries ?? [];
  return (
    <PortalManagementLayout active="countries" title={t('management.countries')}>
      <Flex vertical gap={16}>
        <Flex justify="flex-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('countries.add')}
          </Button>
        </Flex>
        {error && !data ? (
          <Result status="warning" title={t('countries.load_failed')} extra={<Button onClick={() => void refetch()}>{t('actions.retry')}</Button>} />
        ) : (
          <DataTable
            aria-label={t('management.countries')}
            rowKey="id"
            skeleton={loading && !data}
            dataSource={countries}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('countries.empty')} /> }}
            columns={[
              {
                key: 'name',
                title: t('countries.name'),
                render: (_, c) => (
                  <Space>
                    <CountryFlag code={c.code} />
                    {c.name}
                    <Tag style={{ fontFamily: 'monospace', marginInlineEnd: 0 }}>{c.code.toUpperCase()}</Tag>
                  </Space>
                ),
              },
              {
                key: 'actions',
                title: t('countries.actions'),
                align: 'right',
                render: (_, c) => (
                  <Space wrap>
                    <Link to={paths.countryHolidays(c.id)}>
                      <CalendarOutlined aria-hidden /> {t('countries.show_holidays')}
                    </Link>
                    <Button danger type="text" icon={<DeleteOutlined />} aria-label={t('countries.delete_label', { name: c.name })} onClick={() => confirmDelete(c.id, c.name)} />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Flex>
      <Modal
        open={adding}
        width={ADD_COUNTRY_WIDTH}
        title={t('countries.add')}
        okText={t('actions.add')}
        cancelText={t('actions.cancel')}
        confirmLoading={creating}
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void add(v)} onFinishFailed={invalidSubmit} preserve={false}>
          <Form.Item name="name" label={t('countries.name')} rules={[rules.required]}>
            <Input autoFocus />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('countries.code')}
            extra={t('countries.code_help')}
            rules={[rules.required, { pattern: /^\s*[A-Za-z]{2}\s*$/, message: t('countries.code_invalid') }]}
          >
            <Input maxLength={2} style={{ width: 80 }} />
          </Form.Item>
        </Form>
      </Modal>
    </PortalManagementLayout>
  );
}
