import { Tooltip } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { TRUNCATED_TOOLTIP_DELAY_S } from './shortText';

/** A one-line cell text cut at its width with an ellipsis. */
export const CUT_TEXT_STYLE: CSSProperties = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

export interface TruncatedTextProps {
  readonly children: ReactNode;
  /** The whole text, shown in the tooltip when the cell cuts it. */
  readonly title: ReactNode;
  /** The cell's style; it must cut its text (overflow hidden, text-overflow ellipsis). */
  readonly style?: CSSProperties;
}

/**
 * A table cell's text cut by CSS (an ellipsis at the column's width): when the pointer rests on
 * it 1000 ms and it is cut, a tooltip shows the whole of it (spec 002: tooltip delay on
 * truncated cells). A plain span until then, so a long table mounts no more than its text.
 */
export function TruncatedText({ children, title, style = CUT_TEXT_STYLE }: TruncatedTextProps) {
  const [cut, setCut] = useState(false);
  return (
    <Tooltip title={cut ? title : undefined} mouseEnterDelay={TRUNCATED_TOOLTIP_DELAY_S}>
      <span style={style} onMouseEnter={(e) => setCut(e.currentTarget.scrollWidth > e.currentTarget.clientWidth)}>
        {children}
      </span>
    </Tooltip>
  );
}
