import type { GlobalToken } from 'antd';
import type { CSSProperties } from 'react';

/** The bordered frame the inbox (its list and pane) and the tasks table (and its pane) sit in. */
export const listFrameStyle = (token: GlobalToken): CSSProperties => ({
  flex: 1,
  minHeight: 0,
  border: `1px solid ${token.colorBorderSecondary}`,
  borderRadius: token.borderRadiusLG,
  overflow: 'hidden',
});
