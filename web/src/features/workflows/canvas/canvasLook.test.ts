import type { GlobalToken } from 'antd';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { canvasThemeVars, memoizedT } from './canvasLook';

describe('memoizedT', () => {
  const source = () =>
    vi.fn((key: string, options?: { count?: number }) => (options?.count === undefined ? `<${key}>` : `<${key}:${options.count}>`));

  it('translates a key once however often it is asked', () => {
    const t = source();
    const cached = memoizedT(t as unknown as TFunction<'workflowDesigner'>);
    expect(cached('node.task')).toBe('<node.task>');
    expect(cached('node.task')).toBe('<node.task>');
    expect(t).toHaveBeenCalledTimes(1);
  });

  it('keeps texts with different options apart', () => {
    const t = source();
    const cached = memoizedT(t as unknown as TFunction<'workflowDesigner'>);
    expect(cached('wait.days', { count: 1 })).toBe('<wait.days:1>');
    expect(cached('wait.days', { count: 2 })).toBe('<wait.days:2>');
    expect(cached('wait.days')).toBe('<wait.days>');
    expect(cached('wait.days', { count: 2 })).toBe('<wait.days:2>');
    expect(t).toHaveBeenCalledTimes(3);
  });

  it('does not share texts between two translators (languages)', () => {
    const fi = memoizedT(((key: string) => `fi ${key}`) as unknown as TFunction<'workflowDesigner'>);
    const sv = memoizedT(((key: string) => `sv ${key}`) as unknown as TFunction<'workflowDesigner'>);
    expect(fi('node.end')).toBe('fi node.end');
    expect(sv('node.end')).toBe('sv node.end');
  });
});

describe('canvasThemeVars', () => {
  it('gives the node styles the theme colours', () => {
    const token = {
      colorBgContainer: '#fff',
      colorBorder: '#ddd',
      colorPrimary: '#1677ff',
      colorError: '#f00',
      colorText: '#111',
      colorTextSecondary: '#666',
      borderRadiusLG: 8,
      boxShadowTertiary: 'small',
      boxShadowSecondary: 'large',
    } as GlobalToken;
    expect(canvasThemeVars(token)).toMatchObject({ '--wf-bg': '#fff', '--wf-error': '#f00', '--wf-radius': '8px', '--wf-shadow-selected': 'large' });
  });
});
