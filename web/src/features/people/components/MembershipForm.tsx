import { Checkbox, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../app/session/types';

export interface MembershipFormProps {
  /** The company's categories a customer user may be given (active, not internal). */
  readonly categories: readonly Category[];
  readonly showTitleAndRole?: boolean;
  readonly showCategories?: boolean;
}

/** The add-to-company form's fields (spec 002 §3): job title, role, categories. */
export function MembershipFields({ categories, showTitleAndRole = true, showCategories = true }: MembershipFormProps) {
  const { t } = useTranslation('people');
  return (
    <>
      {showTitleAndRole ? (
        <>
          <Form.Item name="jobTitle" label={t('fields.job_title')} rules={[{ max: 250 }]}>
            <Input maxLength={250} />
          </Form.Item>
          <Form.Item name="role" label={t('fields.role')} rules={[{ required: true }]}>
            <Radio.Group
              options={[
                { value: 'user', label: t('roles.user') },
                { value: 'admin', label: t('roles.admin') },
              ]}
            />
          </Form.Item>
        </>
      ) : null}
      {showCategories ? (
        <Form.Item name="categoryIds" label={t('fields.categories')}>
          {categories.length === 0 ? (
            <span>{t('fields.no_categories')}</span>
          ) : (
            <Checkbox.Group options={categories.map((c) => ({ value: c.id, label: c.name }))} />
          )}
        </Form.Item>
      ) : null}
    </>
  );
}

/** The categories a customer user may be given in a company. */
export function grantable(categories: readonly Category[] | undefined): Category[] {
  return (categories ?? []).filter((c) => c.active && c.categoryType !== 'internal');
}
