import useAntdBreakpoint from 'antd/es/grid/hooks/useBreakpoint';

/**
 * antd's Grid.useBreakpoint (which screen widths match), taken from the module that
 * defines it: antd's grid index also imports Row and Col with their styles, and those
 * stayed in the shell's first load (about 2.5 kB gzip) though the shell shows neither
 * (docs/decisions/0154-first-load-imports.md).
 */
export function useBreakpoint() {
  return useAntdBreakpoint();
}
