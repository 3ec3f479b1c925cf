import { Input, Space } from 'antd';
import type { CSSProperties } from 'react';
import { joinUrl, splitUrl } from './url';

export interface UrlInputProps {
  /** The whole address (https://…), or '' (given by Form.Item). */
  readonly value?: string;
  readonly onChange?: (value: string) => void;
  /** Given by Form.Item: the label's htmlFor. */
  readonly id?: string;
  readonly 'aria-label'?: string;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly style?: CSSProperties;
}

/**
 * A web address with a fixed https:// before what is typed (spec 000 §5); an address pasted
 * whole loses its repeated prefix. Yields '' when empty. Placeholders leave out the prefix.
 */
export function UrlInput({ value, onChange, id, 'aria-label': ariaLabel, placeholder, disabled, style }: UrlInputProps) {
  const { prefix, rest } = splitUrl(value);
  return (
    <Space.Compact style={{ width: '100%', ...style }}>
      <Space.Addon>{prefix}</Space.Addon>
      <Input
        id={id}
        aria-label={ariaLabel}
        value={rest}
        placeholder={placeholder}
        disabled={disabled}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onChange?.(joinUrl(prefix, e.target.value))}
      />
    </Space.Compact>
  );
}
