import { Card, Descriptions, Empty, Flex, Form, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryBadges, type BadgeCategory } from '../components/CategoryBadges';
import { DynamicFieldControl, useFieldText } from './DynamicFieldControl';
import { GENERAL_TAB, fieldTabs, type DynamicFieldLike, type FieldTab } from './fields';
import { useFieldSaver } from './useFieldSaver';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

export interface DynamicSettingsProps {
  readonly companyId: string;
  readonly categories: readonly BadgeCategory[];
  readonly fields: readonly DynamicFieldLike[];
  /** Values can be changed (else the fields are shown read-only, as in CompanyCustomerInfo). */
  readonly editable: boolean;
  /** Shown on the general tab under its fields (e.g. the e-mail settings there). */
  readonly generalExtra?: ReactNode;
}

/** The tab_id query parameter names the open tab (spec 002 §2.7). */
const TAB_PARAM = 'tab_id';

/**
 * Dynamic settings: the general tab and one per active category with fields, the category
 * badges beside the tabs; values saved field by field (spec 002 §2.7, §5).
 */
export function DynamicSettings({ companyId, categories, fields, editable, generalExtra }: DynamicSettingsProps) {
  const { t } = useTranslation('companies');
  const [params, setParams] = useSearchParams();
  const tabs = fieldTabs(fields, categories);
  // on a phone the badges beside the tabs left the tabs a word and a half (390 px): they go above them
  const phone = useBreakpoint().md === false;
  const badges = <CategoryBadges categories={categories} />;
  const wanted = params.get(TAB_PARAM) ?? GENERAL_TAB;
  const active = tabs.some((tab) => tab.key === wanted) ? wanted : GENERAL_TAB;
  const select = (key: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (key === GENERAL_TAB) next.delete(TAB_PARAM);
        else next.set(TAB_PARAM, key);
        return next;
      },
      { replace: true },
    );
  return (
    <Card size="small" title={t('fields.title')} styles={{ body: { paddingTop: phone ? 12 : 0 } }}>
      {phone ? badges : null}
      <Tabs
        activeKey={active}
        onChange={select}
        tabBarExtraContent={phone ? undefined : badges}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: tab.name ?? t('fields.general'),
          children: (
            <Flex vertical gap={16}>
              <FieldTabBody key={tab.key} companyId={companyId} tab={tab} editable={editable} />
              {tab.key === GENERAL_TAB ? generalExtra : null}
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}

function FieldTabBody<F extends DynamicFieldLike>({
  companyId,
  tab,
  editable,
}: {
  readonly companyId: string;
  readonly tab: FieldTab<F>;
  readonly editable: boolean;
}) {
  const { t } = useTranslation('companies');
  const saver = useFieldSaver(companyId, tab.categoryId);
  const text = useFieldText();
  if (tab.fields.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fields.empty')} />;
  }
  if (!editable) {
    return (
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { width: '40%' } }}
        items={tab.fields.map((f) => ({ key: f.id, label: f.title, children: text(f, f.value) }))}
      />
    );
  }
  return (
    <Form layout="vertical" requiredMark="optional" style={{ maxWidth: 640 }} onFinish={() => undefined}>
      {tab.fields.map((f) => (
        <DynamicFieldControl
          key={f.id}
          field={f}
          value={f.value}
          editable={editable}
          serverError={saver.errors[f.name]}
          state={saver.states[f.name]}
          onChange={(v) => {
            saver.clearError(f.name);
            saver.save(f.name, v);
          }}
        />
      ))}
      <Typography.Text type="secondary">{t('fields.autosave')}</Typography.Text>
    </Form>
  );
}
