import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { App, Breadcrumb, Button, DatePicker, Empty, Flex, Form, Input, Menu, Modal, Result, Select, Skeleton, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { reportUnexpectedError } from '../../../app/errors/reportErrors';
import { paths } from '../../../app/router/paths';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { COUNTRY_HOLIDAYS, CREATE_COUNTRY_HOLIDAYS, UPDATE_COUNTRY_HOLIDAYS } from '../graphql/countries';
import { groupByMonth, selectedYear, withHoliday, yearOptions, type HolidayRow, type TableRow } from '../utils/holidays';
import { isNotFound } from '../utils/notFound';
import { DataTable } from '../../../shared/table/DataTable';

interface HolidayForm {
  readonly date: Dayjs | null;
  readonly name: string;
  readonly localName?: string;
}

/** /portal-management/country_holidays/:country_id?year= (CountryHolidays, spec 002 §2.14). */
export function CountryHolidaysPage() {
  const { t, i18n } = useTranslation('portal');
  const lang = i18n.resolvedLanguage ?? 'en';
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { country_id: countryId = '' } = useParams();
  const [params] = useSearchParams();
  const { data, loading, error, refetch } = useQuery(COUNTRY_HOLIDAYS, { variables: { countryId }, fetchPolicy: 'cache-and-network' });
  const [createYear, { loading: creatingYear }] = useMutation(CREATE_COUNTRY_HOLIDAYS);
  const [updateYear, { loading: saving }] = useMutation(UPDATE_COUNTRY_HOLIDAYS);
  const [addingYear, setAddingYear] = useState(false);
  const [newYear, setNewYear] = useState<string | null>(null);
  // the holiday being edited: its date, '' for a new one, null when the modal is closed
  const [editing, setEditing] = useState<string | null>(null);
  const [form] = Form.useForm<HolidayForm>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();

  const country = data?.country;
  const title = country ? t('holidays.title', { country: country.name }) : t('holidays.title_plain');
  useDocumentTitle(title);

  if (error && !data && isNotFound(error)) return <Navigate to={paths.countries()} replace />;

  const lists = [...(data?.countryHolidays ?? [])].sort((a, b) => a.year.localeCompare(b.year));
  const years = lists.map((l) => l.year);
  const year = selectedYear(years, params.get('year'));
  const list = lists.find((l) => l.year === year) ?? null;
  const holidays: HolidayRow[] = list?.holidays ?? [];

  const addYear = async () => {
    if (!newYear) return;
    const result = await createYear({ variables: { countryId, year: newYear } });
    const answer = result.data?.createCountryHolidays;
    if (!answer) return reportUnexpectedError();
    if (answer.errors.length > 0) {
      showMutationErrors(form, answer.errors, []);
      return;
    }
    setAddingYear(false);
    await refetch();
    void navigate(paths.countryHolidays(countryId, newYear));
  };

  const save = async (next: HolidayRow[]): Promise<boolean> => {
    if (!list) return false;
    const result = await updateYear({
      variables: {
        countryHolidayId: list.id,
        holidays: next.map((h) => ({ date: h.date, name: h.name, localName: h.localName || null })),
      },
    });
    const answer = result.data?.updateCountryHolidays;
    if (!answer) {
      reportUnexpectedError();
      return false;
    }
    if (showMutationErrors(form, answer.errors, { holidays: 'date' })) return false;
    await refetch();
    return true;
  };

  const openEditor = (h: HolidayRow | null) => {
    form.setFieldsValue({ date: h ? dayjs(h.date) : null, name: h?.name ?? '', localName: h?.localName ?? '' });
    setEditing(h?.date ?? '');
  };

  const submitHoliday = async (values: HolidayForm) => {
    if (!values.date) return;
    const holiday: HolidayRow = { date: values.date.format('YYYY-MM-DD'), name: values.name.trim(), localName: values.localName?.trim() || null };
    const next = withHoliday(holidays, holiday, editing || null);
    if (!next) {
      form.setFields([{ name: 'date', errors: [t('holidays.duplicate_date')] }]);
      return;
    }
    if (await save(next)) setEditing(null);
  };

  const confirmDelete = (h: HolidayRow) =>
    modal.confirm({
      title: t('holidays.delete_title', { name: h.name }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => save(holidays.filter((x) => x.date !== h.date)),
    });

  const breadcrumb = (
    <Breadcrumb
      items={[
        { key: 'pm', title: <Link to={paths.countries()}>{t('management.title')}</Link> },
        { key: 'country', title: country ? `${country.name} (${country.code.toUpperCase()})` : '…' },
      ]}
    />
  );

  if (error && !data) {
    return (
      <Flex vertical gap={16}>
        {breadcrumb}
        <Result status="warning" title={t('holidays.load_failed')} extra={<Button onClick={() => void refetch()}>{t('actions.retry')}</Button>} />
      </Flex>
    );
  }

  const yearRange = year ? [dayjs(`${year}-01-01`), dayjs(`${year}-12-31`)] : null;
  const rows = groupByMonth(holidays);

  return (
    <Flex vertical gap={16}>
      {breadcrumb}
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        <Button icon={<PlusOutlined />} onClick={() => { setNewYear(yearOptions(new Date(), years)[0] ?? null); setAddingYear(true); }} disabled={loading && !data}>
          {t('holidays.add_year')}
        </Button>
      </Flex>
      {loading && !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : years.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('holidays.no_years')} />
      ) : (
        <Flex gap={24} wrap>
          <nav aria-label={t('holidays.years')} style={{ flex: '0 0 140px', maxWidth: '100%' }}>
            <Menu
              mode="inline"
              selectedKeys={year ? [year] : []}
              style={{ borderInlineEnd: 'none' }}
              items={years.map((y) => ({ key: y, label: <Link to={paths.countryHolidays(countryId, y)}>{y}</Link> }))}
            />
          </nav>
          <section aria-label={t('holidays.year_label', { year })} style={{ flex: '1 1 480px', minWidth: 0 }}>
            <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
              <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                {year}
              </Typography.Title>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor(null)}>
                {t('holidays.add')}
              </Button>
            </Flex>
            <DataTable<TableRow>
              aria-label={t('holidays.year_label', { year })}
              rowKey="key"
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('holidays.empty')} /> }}
              columns={[
                {
                  key: 'date',
                  title: t('holidays.date'),
                  onCell: (r) => ({ colSpan: r.kind === 'month' ? 4 : 1 }),
                  render: (_, r) =>
                    r.kind === 'month' ? (
                      <Typography.Text strong>{new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, r.month, 1))}</Typography.Text>
                    ) : (
                      <span>{new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${r.holiday.date}T00:00:00Z`))}</span>
                    ),
                },
                { key: 'name', title: t('holidays.name'), onCell: (r) => ({ colSpan: r.kind === 'month' ? 0 : 1 }), render: (_, r) => (r.kind === 'holiday' ? r.holiday.name : null) },
                { key: 'local', title: t('holidays.local_name'), onCell: (r) => ({ colSpan: r.kind === 'month' ? 0 : 1 }), render: (_, r) => (r.kind === 'holiday' ? r.holiday.localName : null) },
                {
                  key: 'actions',
                  title: t('holidays.actions'),
                  align: 'right',
                  onCell: (r) => ({ colSpan: r.kind === 'month' ? 0 : 1 }),
                  render: (_, r) =>
                    r.kind === 'holiday' ? (
                      <Space>
                        <Button type="text" icon={<EditOutlined />} aria-label={t('holidays.edit_label', { name: r.holiday.name })} onClick={() => openEditor(r.holiday)} />
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('holidays.delete_label', { name: r.holiday.name })} onClick={() => confirmDelete(r.holiday)} />
                      </Space>
                    ) : null,
                },
              ]}
            />
          </section>
        </Flex>
      )}
      <Modal
        open={addingYear}
        title={t('holidays.add_year')}
        okText={t('actions.add')}
        cancelText={t('actions.cancel')}
        confirmLoading={creatingYear}
        onOk={() => void addYear()}
        onCancel={() => setAddingYear(false)}
        okButtonProps={{ disabled: !newYear }}
      >
        <Flex vertical gap={8}>
          <label htmlFor="holiday-year">{t('holidays.year')}</label>
          <Select id="holiday-year" value={newYear} onChange={setNewYear} options={yearOptions(new Date(), years).map((y) => ({ value: y, label: y }))} style={{ width: 140 }} />
          <Typography.Text type="secondary">{t('holidays.add_year_help')}</Typography.Text>
        </Flex>
      </Modal>
      <Modal
        open={editing !== null}
        title={editing ? t('holidays.edit') : t('holidays.add')}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => void submitHoliday(v)} onFinishFailed={invalidSubmit}>
          <Form.Item name="date" label={t('holidays.date')} rules={[rules.required]}>
            <DatePicker
              minDate={yearRange?.[0]}
              maxDate={yearRange?.[1]}
              defaultPickerValue={yearRange?.[0]}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="name" label={t('holidays.name')} rules={[rules.required]}>
            <Input />
          </Form.Item>
          <Form.Item name="localName" label={t('holidays.local_name')}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
