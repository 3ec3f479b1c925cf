// Date presets of the bulk due-date and completion-date modals (spec 001 §5).

import type { Dayjs } from 'dayjs';

export const DATE_PRESETS = ['today', 'tomorrow', 'next_month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The end of the preset's day, so that "today" is still after now. */
export function presetDate(preset: DatePreset, now: Dayjs): Dayjs {
  const base = preset === 'today' ? now : preset === 'tomorrow' ? now.add(1, 'day') : now.add(1, 'month');
  return base.endOf('day').millisecond(0);
}
