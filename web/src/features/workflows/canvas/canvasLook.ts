import type { GlobalToken } from 'antd';
import type { Namespace, TFunction } from 'i18next';
import type { CSSProperties } from 'react';

/**
 * The theme's colours the node styles (nodes/workflowNode.css) read, as custom properties
 * set once on a canvas rather than as inline styles on each of its nodes.
 */
export function canvasThemeVars(token: GlobalToken): CSSProperties {
  return {
    '--wf-bg': token.colorBgContainer,
    '--wf-border': token.colorBorder,
    '--wf-primary': token.colorPrimary,
    '--wf-error': token.colorError,
    '--wf-text': token.colorText,
    '--wf-text-secondary': token.colorTextSecondary,
    '--wf-radius': `${token.borderRadiusLG}px`,
    '--wf-shadow': token.boxShadowTertiary,
    '--wf-shadow-selected': token.boxShadowSecondary,
  } as CSSProperties;
}

/**
 * t that keeps what it has translated: the nodes of a canvas ask for the same few texts
 * hundreds of times ("Assignee", "Approved", a type's name), and each of i18next's lookups
 * resolves the key, the namespace and the plural anew. A new t (another language) gets a
 * new cache.
 */
export function memoizedT<N extends Namespace>(t: TFunction<N>): TFunction<N> {
  const cache = new Map<string, string>();
  const lookup = (key: string | string[], options?: unknown): string => {
    const id = options === undefined ? String(key) : `${String(key)}\u0000${JSON.stringify(options)}`;
    let text = cache.get(id);
    if (text === undefined) {
      text = (t as unknown as (k: string | string[], o?: unknown) => string)(key, options);
      cache.set(id, text);
    }
    return text;
  };
  return lookup as unknown as TFunction<N>;
}
