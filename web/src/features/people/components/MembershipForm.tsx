import { App, Checkbox, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../app/session/types';
import { useFormRules } from '../../../shared/forms/useFormRules';

export type MembershipRole = 'user' | 'admin';

export interface RoleChoiceProps {
  /** Given by Form.Item. */
  readonly value?: MembershipRole;
  readonly onChange?: (role: MembershipRole) => void;
}

/**
 * User or admin in a company. Making someone an admin asks first; cancelling leaves the role as it was
 * (spec 000 §6, 002 §4).
 */
export function RoleChoice({ value, onChange }: RoleChoiceProps) {
  const { t } = useTranslation('people');
  const { modal } = App.useApp();
  const choose = (role: MembershipRole) => {
    if (role !== 'admin' || value === 'admin') {
      onChange?.(role);
      return;
    }
    void modal.confirm({
      title: t('confirm.admin_title'),
      content: t('confirm.admin_text'),
      okText: t('confirm.admin_ok'),
      cancelText: t('actions.cancel'),
      onOk: () => onChange?.('admin'),
    });
  };
  return (
    <Radio.Group
      value={value}
      onChange={(e) => choose(e.target.value as MembershipRole)}
      options={[
        { value: 'user', label: t('roles.user') },
        { value: 'admin', label: t('roles.admin') },
      ]}
    />
  );
}

export interface CategoryChoiceProps {
  readonly categories: readonly Category[];
  /** Given by Form.Item. */
  readonly value?: readonly string[];
  readonly onChange?: (ids: string[]) => void;
}

/**
 * The categories of a membership. Giving a sensitive one asks first; cancelling leaves it out (spec 002 §4).
 */
export function CategoryChoice({ categories, value = [], onChange }: CategoryChoiceProps) {
  const { t } = useTranslation('people');
  const { modal } = App.useApp();
  const choose = (ids: string[]) => {
    const sensitive = categories.filter((c) => c.categoryType === 'sensitive' && ids.includes(c.id) && !value.includes(c.id));
    if (sensitive.length === 0) {
      onChange?.(ids);
      return;
    }
    void modal.confirm({
      title: t('confirm.sensitive_title', { count: sensitive.length }),
      content: t('confirm.sensitive_text', { count: sensitive.length, categories: sensitive.map((c) => c.name).join(', ') }),
      okText: t('confirm.sensitive_ok', { count: sensitive.length }),
      cancelText: t('actions.cancel'),
      onOk: () => onChange?.(ids),
    });
  };
  return (
    <Checkbox.Group
      value={[...value]}
      onChange={(ids) => choose(ids as string[])}
      options={categories.map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

export interface MembershipFormProps {
  /** The company's categories a customer user may be given (active, not internal). */
  readonly categories: readonly Category[];
  readonly showTitleAndRole?: boolean;
  readonly showCategories?: boolean;
}

/** The add-to-company form's fields (spec 002 §3): job title, role, categories. */
export function MembershipFields({ categories, showTitleAndRole = true, showCategories = true }: MembershipFormProps) {
  const { t } = useTranslation('people');
  const rules = useFormRules();
  return (
    <>
      {showTitleAndRole ? (
        <>
          <Form.Item name="jobTitle" label={t('fields.job_title')} rules={[rules.maxLength(250)]}>
            <Input maxLength={250} />
          </Form.Item>
          <Form.Item name="role" label={t('fields.role')} rules={[rules.required]}>
            <RoleChoice />
          </Form.Item>
        </>
      ) : null}
      {showCategories ? (
        <Form.Item name="categoryIds" label={t('fields.categories')}>
          {categories.length === 0 ? (
            <span>{t('fields.no_categories')}</span>
          ) : (
            <CategoryChoice categories={categories} />
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
