import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useFormsTranslation } from '../forms/useFormsTranslation';

/** "Copied" shows for 1 second (spec 000 §8). */
export const COPIED_SECONDS = 1;

/**
 * Copies a text to the clipboard: "Copied" for 1 second, or the unexpected-error text when the
 * browser refuses (spec 000 §8). Answers whether it was copied.
 */
export function useCopyToClipboard(): (text: string) => Promise<boolean> {
  const { t, whenReady } = useFormsTranslation();
  const { message } = App.useApp();
  return useCallback(
    async (text: string) => {
      let copied = false;
      try {
        // Without a secure context there is no clipboard: that is a failure too.
        if (!navigator.clipboard) throw new Error('no clipboard');
        await navigator.clipboard.writeText(text);
        copied = true;
      } catch {
        copied = false;
      }
      await whenReady();
      if (copied) void message.info({ key: 'copied', content: t('copied'), duration: COPIED_SECONDS });
      else void message.error({ key: 'copied', content: t('errors:unexpected') });
      return copied;
    },
    [message, t, whenReady],
  );
}

export interface CopyButtonProps {
  /** What is copied. */
  readonly text: string;
  /** The button's name and tooltip (default "Copy", or "Copy: what"). */
  readonly label?: string;
  /** What is copied, for the name: "Copy: Redirect address". */
  readonly what?: string;
}

/** A small copy button beside an address or a link. */
export function CopyButton({ text, label, what }: CopyButtonProps) {
  const { t } = useFormsTranslation();
  const copy = useCopyToClipboard();
  const name = label ?? (what ? t('copy_what', { what }) : t('copy'));
  return (
    <Tooltip title={name}>
      <Button type="text" size="small" icon={<CopyOutlined />} aria-label={name} onClick={() => void copy(text)} />
    </Tooltip>
  );
}
