import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useClearable } from '../forms/useClearable';
import { useDebouncedValue } from '../hooks/useDebouncedValue';

export interface AdminSearchProps {
  /** The search applied now (the list's filter). */
  readonly value: string;
  /** Applies a search: after a pause in typing, on Enter, or when cleared. */
  readonly onSearch: (value: string) => void;
  /** Names the box for screen readers and shows as its placeholder. */
  readonly label: string;
  readonly id?: string;
}

/** Typing pauses this long before the list searches (spec 002 §9: user search debounce 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** An admin list's search box: keeps what is typed, applies it once typing pauses. */
export function AdminSearch({ value, onSearch, label, id }: AdminSearchProps) {
  const clearable = useClearable();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The applied search can change from outside (cleared filters, Back): show it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (settled.trim() !== value.trim()) onSearch(settled.trim());
    // Only a settled change of the text searches; a new value from outside does not.
  }, [settled]);
  return (
    <Input.Search
      id={id}
      allowClear={clearable}
      value={text}
      aria-label={label}
      placeholder={label}
      onChange={(e) => setText(e.target.value)}
      onSearch={(next) => {
        setText(next);
        if (next.trim() !== value.trim()) onSearch(next.trim());
      }}
    />
  );
}
