import { SearchOutlined } from '@ant-design/icons';
// The bare input, not antd's Input with its statics (TextArea, Search, Password, OTP): the
// inbox's first load needs only this one.
import Input from 'antd/es/input/Input';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClearable } from '../../shared/forms/useClearable';

export interface SearchBoxProps {
  readonly value: string;
  /** Called on Enter, on blur and on clear. */
  readonly onSearch: (query: string) => void;
}

/** The inbox search: applies on Enter or blur, with a clear button. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const { t } = useTranslation('inbox');
  const clearable = useClearable();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input
      role="searchbox"
      aria-label={t('search.label')}
      placeholder={t('search.placeholder')}
      prefix={<SearchOutlined aria-hidden />}
      allowClear={clearable}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        // The clear button sends an empty change event: apply at once.
        if (e.type !== 'change' && e.target.value === '') onSearch('');
      }}
      onPressEnter={() => onSearch(text)}
      onBlur={() => onSearch(text)}
      style={{ flex: 1, minWidth: 160 }}
    />
  );
}
