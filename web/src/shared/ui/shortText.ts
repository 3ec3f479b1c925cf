import { TRUNCATED_TOOLTIP_DELAY_MS } from '../table/listConstants';

/** Text is cut at 70 characters by default (spec 000 §9). */
export const SHORT_TEXT_MAX = 70;

/** Truncated cells show their whole text after the pointer rests 1000 ms (spec 000 §9), in antd's seconds. */
export const TRUNCATED_TOOLTIP_DELAY_S = TRUNCATED_TOOLTIP_DELAY_MS / 1000;

/**
 * The text cut to `max` characters and an ellipsis, when it is longer than `max` by 3 or more
 * (spec 000 §5): a text only one or two characters over is shown whole.
 */
export function shortenText(text: string, max = SHORT_TEXT_MAX): string {
  const chars = [...text];
  return chars.length - max >= 3 ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}
