import { Checkbox, Select, theme } from 'antd';
import type { CSSProperties } from 'react';
import { everyChosen, toggleAll } from './selectAll';
import { useFormsTranslation } from './useFormsTranslation';
import { useClearable } from './useClearable';

export interface MultiSelectOption {
  readonly value: string;
  readonly label: string;
}

export interface MultiSelectProps {
  readonly options: readonly MultiSelectOption[];
  /** Given by Form.Item, or the caller's state. */
  readonly value?: readonly string[];
  readonly onChange?: (value: string[]) => void;
  /** Given by Form.Item: the label's htmlFor. */
  readonly id?: string;
  readonly 'aria-label'?: string;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly loading?: boolean;
  readonly style?: CSSProperties;
}

/**
 * A multiple choice with a select-all box above its options (spec 000 §5): on only when every
 * option is chosen; clicking it chooses them all, or, when on, none. Options are searched by label.
 */
export function MultiSelect({ options, value = [], onChange, id, 'aria-label': ariaLabel, placeholder, disabled, loading, style }: MultiSelectProps) {
  const { t } = useFormsTranslation();
  const clearable = useClearable();
  const { token } = theme.useToken();
  const all = everyChosen(value, options);
  const some = !all && options.some((o) => value.includes(o.value));
  return (
    <Select<string[]>
      mode="multiple"
      id={id}
      aria-label={ariaLabel}
      placeholder={placeholder}
      disabled={disabled}
      loading={loading}
      style={style}
      value={[...value]}
      onChange={(next) => onChange?.(next)}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={clearable}
      popupRender={(menu) => (
        <>
          {options.length > 0 ? (
            // Keeps the focus in the select (a click here would close the list otherwise).
            <div
              style={{ padding: '4px 12px 8px', marginBottom: 4, borderBottom: `1px solid ${token.colorSplit}` }}
              onMouseDown={(e) => e.preventDefault()}
            >
              <Checkbox checked={all} indeterminate={some} onChange={() => onChange?.(toggleAll(value, options))}>
                {t('select_all')}
              </Checkbox>
            </div>
          ) : null}
          {menu}
        </>
      )}
    />
  );
}
