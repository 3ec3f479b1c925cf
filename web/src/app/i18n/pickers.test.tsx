import { cleanup, render } from '@testing-library/react';
import { ConfigProvider, DatePicker, TimePicker } from 'antd';
import enUS from 'antd/es/locale/en_US';
import fiFI from 'antd/es/locale/fi_FI';
import svSE from 'antd/es/locale/sv_SE';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDateLocale, withInputFormats } from './dates';

beforeAll(() => Promise.all([loadDateLocale('fi'), loadDateLocale('sv')]));

afterEach(() => {
  cleanup();
  dayjs.locale('en');
});

describe("antd's pickers under the app's locale", () => {
  it.each([
    ['en', enUS, ['26/10/2026', '26/11/2026', '26/10/2026', '08:05', '26/10/2026 08:05']],
    ['fi', fiFI, ['26.10.2026', '26.11.2026', '26.10.2026', '8.05', '26.10.2026 8.05']],
    ['sv', svSE, ['2026-10-26', '2026-11-26', '2026-10-26', '08:05', '2026-10-26 08:05']],
  ] as const)('show dates and times in %s as the language writes them, with no format of their own', (language, locale, shown) => {
    dayjs.locale(language);
    const at = dayjs('2026-10-26T08:05:00');
    render(
      <ConfigProvider locale={withInputFormats(locale, language)}>
        <DatePicker.RangePicker value={[at, at.add(1, 'month')]} />
        <DatePicker value={at} />
        <TimePicker value={at} />
        <DatePicker showTime={{ format: 'HH:mm' }} value={at} />
      </ConfigProvider>,
    );
    expect([...document.querySelectorAll('input')].map((input) => input.value)).toEqual(shown);
  });
});
