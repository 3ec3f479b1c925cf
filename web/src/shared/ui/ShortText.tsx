import { Tooltip } from 'antd';
import { shortenText, SHORT_TEXT_MAX, TRUNCATED_TOOLTIP_DELAY_S } from './shortText';

export interface ShortTextProps {
  readonly text: string;
  /** Characters shown before the ellipsis (default 70). */
  readonly max?: number;
}

/**
 * A text shortened past `max` characters (spec 000 §5), the whole of it in a tooltip after
 * 1000 ms and for screen readers. A short text is shown as it is.
 */
export function ShortText({ text, max = SHORT_TEXT_MAX }: ShortTextProps) {
  const short = shortenText(text, max);
  if (short === text) return <>{text}</>;
  return (
    <Tooltip title={text} mouseEnterDelay={TRUNCATED_TOOLTIP_DELAY_S} trigger={['hover', 'focus']}>
      {/* focusable, so that the keyboard shows the whole text too */}
      <span tabIndex={0} aria-label={text} role="note" data-testid="short-text">
        {short}
      </span>
    </Tooltip>
  );
}
