import { formatDateTime } from '../../../app/i18n/dates';

/** "day month year hour minute" (spec 002 §2.2), in the interface language: 5 Mar 2026 14:07. */
export function formatFileDate(iso: string): string {
  return formatDateTime(iso);
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A file size for people, 1024-based as the upload limit is (100 MB = 100 × 1024 × 1024
 * bytes): whole bytes, then at most one decimal.
 */
export function formatFileSize(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${UNITS[unit]}`;
}

/** Trimmed name, or null when it would be empty or unchanged (save stays disabled). */
export function changedName(value: string, current: string): string | null {
  const trimmed = value.trim();
  return trimmed && trimmed !== current ? trimmed : null;
}
