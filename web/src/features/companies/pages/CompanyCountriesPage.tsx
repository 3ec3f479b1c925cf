import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { App, Button, Empty, Flex, Form, Modal, Select, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { useCompanyCard } from '../components/CompanyCardLayout';
import { CountryFlag } from '../../../shared/ui/CountryFlag';
import { ALL_COUNTRIES, UPDATE_COMPANY_COUNTRIES } from '../graphql/companies';
import { defaultCountriesFirst } from '../../../shared/countries/defaultCountriesFirst';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { DataTable } from '../../../shared/table/DataTable';

/** Spec 002 §9: add-country modal width. */
const ADD_MODAL_WIDTH = 460;

interface CountryRow {
  readonly id: string;
  readonly name: string;
  readonly code: string;
}

/** CompanyCounties (company card): the company's countries with flags, add and delete (spec 002 §2.15). */
export function CompanyCountriesPage() {
  const { t } = useTranslation('companies');
  const { message, modal } = App.useApp();
  const card = useCompanyCard();
  const [adding, setAdding] = useState(false);
  const [save, { loading: saving }] = useMutation(UPDATE_COMPANY_COUNTRIES);
  if (!card) return null;
  const { company } = card;
  const inUse = new Set(company.companyWorkflowCountryIds);

  const write = async (countryIds: string[]): Promise<{ ok: boolean; field?: string }> => {
    try {
      const { data } = await save({ variables: { companyId: company.uuid, countryIds } });
      const answer = data?.updateCompany;
      if (!answer) {
        reportUnexpectedError();
        return { ok: false };
      }
      if (answer.errors.length > 0) {
        reportServerErrors(answer.errors);
        return { ok: false };
      }
      card.refetch();
      return { ok: true };
    } catch {
      reportUnexpectedError();
      return { ok: false };
    }
  };

  const remove = (country: CountryRow) =>
    modal.confirm({
      title: t('countries.delete_title', { country: country.name }),
      content: t('countries.delete_text'),
      okText: t('countries.delete'),
      okButtonProps: { danger: true },
      cancelText: t('countries.cancel'),
      width: ADD_MODAL_WIDTH,
      onOk: async () => {
        const done = await write(company.countryIds.filter((id) => id !== country.id));
        if (done.ok) void message.success(t('countries.deleted', { country: country.name }));
      },
    });

  const columns: TableColumnsType<CountryRow> = [
    { key: 'flag', title: t('countries.flag'), width: 64, render: (_, c) => <CountryFlag code={c.code} label={c.name} /> },
    { key: 'name', title: t('countries.name'), render: (_, c) => c.name },
    {
      key: 'delete',
      title: t('countries.actions'),
      align: 'end',
      width: 72,
      render: (_, c) => {
        const blocked = inUse.has(c.id);
        const button = (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={blocked}
            onClick={() => remove(c)}
            aria-label={t('countries.delete_named', { country: c.name })}
          />
        );
        return blocked ? (
          <Tooltip title={t('countries.in_use')}>
            <span style={{ display: 'inline-block' }} tabIndex={0} aria-label={t('countries.in_use_named', { country: c.name })}>
              {button}
            </span>
          </Tooltip>
        ) : (
          button
        );
      },
    },
  ];

  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('countries.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('countries.add')}
        </Button>
      </Flex>
      <DataTable<CountryRow>
        rowKey="id"
        columns={columns}
        dataSource={company.countries}
        pagination={false}
        aria-label={t('countries.table')}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('countries.empty')}>
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('countries.add')}
              </Button>
            </Empty>
          ),
        }}
      />
      {adding ? (
        <AddCountryModal
          existing={company.countryIds}
          busy={saving}
          onClose={() => setAdding(false)}
          onAdd={async (country) => {
            const done = await write([...company.countryIds, country.id]);
            if (done.ok) {
              setAdding(false);
              void message.success(t('countries.added', { country: country.name }));
            }
          }}
        />
      ) : null}
    </Flex>
  );
}

function AddCountryModal({
  existing,
  busy,
  onAdd,
  onClose,
}: {
  readonly existing: readonly string[];
  readonly busy: boolean;
  readonly onAdd: (country: CountryRow) => Promise<void>;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('companies');
  const [form] = Form.useForm<{ countryId?: string }>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const { data, loading } = useQuery(ALL_COUNTRIES);
  const countries = data?.countries ?? [];
  return (
    <Modal
      open
      title={t('countries.add_title')}
      width={ADD_MODAL_WIDTH}
      okText={t('countries.add_ok')}
      cancelText={t('countries.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinishFailed={invalidSubmit}
        onFinish={(values) => {
          const country = countries.find((c) => c.id === values.countryId);
          if (country) void onAdd(country);
        }}
      >
        <Form.Item
          name="countryId"
          label={t('countries.country')}
          rules={[
            rules.required,
            {
              validator: (_, id: string | undefined) =>
                id && existing.includes(id) ? Promise.reject(new Error(t('countries.already_added'))) : Promise.resolve(),
            },
          ]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={loading}
            placeholder={t('countries.choose')}
            options={defaultCountriesFirst(countries).map((c) => ({
              value: c.id,
              label: c.name,
              title: c.name,
            }))}
            optionRender={(option) => {
              const country = countries.find((c) => c.id === option.value);
              return (
                <Flex gap={8} align="center">
                  {country ? <CountryFlag code={country.code} /> : null}
                  <span>{option.label}</span>
                </Flex>
              );
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
