import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** "Copied" shows for 1 second (spec 000 §8). */
export const COPIED_SECONDS = 1;

/**
 * Copies a text to the clipboard: "Copied" for 1 second, or the unexpected-error text when the
 * browser refuses (spec 000 §8). Answers whether it was copied.
 */
export function useCopyToClipboard(): (text: string) => Promise<boolean> {
  const { t } = useTranslation(['common', 'errors']);
  const { message } = App.useApp();
  return useCallback(
    async (text: string) => {
      try {
        // Without a secure context there is no clipboard: that is a failure too.
        if (!navigator.clipboard) throw new Error('no clipboard');
        await navigator.clipboard.writeText(text);
        void message.info({ key: 'copied', content: t('common:form.copied'), duration: COPIED_SECONDS });
        return true;
      } catch {
        void message.error({ key: 'copied', content: t('errors:unexpected') });
        return false;
      }
    },
    [message, t],
  );
}

export interface CopyButtonProps {
  /** What is copied. */
  readonly text: string;
  /** The button's name and tooltip (default "Copy"). */
  readonly label?: string;
}

/** A small copy button beside an address or a link. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { t } = useTranslation('common');
  const copy = useCopyToClipboard();
  const name = label ?? t('form.copy');
  return (
    <Tooltip title={name}>
      <Button type="text" size="small" icon={<CopyOutlined />} aria-label={name} onClick={() => void copy(text)} />
    </Tooltip>
  );
}
