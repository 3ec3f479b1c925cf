import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tooltip, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { TRUNCATED_TOOLTIP_DELAY_S } from '../ui/shortText';
import { pickFiles, truncateFileName, type FileLimits, type FileRejection } from './filePick';
import { useFormsTranslation } from './useFormsTranslation';

export interface FilePickerProps extends FileLimits {
  /** The picked files (given by Form.Item, or the caller's state). */
  readonly value?: readonly File[];
  readonly onChange?: (files: File[]) => void;
  /** Several files at once (default: unless maxCount is 1). */
  readonly multiple?: boolean;
  readonly disabled?: boolean;
  /** A drop zone around the children rather than the children as the button. */
  readonly dragger?: boolean;
  /** Why files were refused, as texts; without it each shows as an error toast. */
  readonly onReject?: (texts: string[]) => void;
  /** Given by Form.Item: the file input's id. */
  readonly id?: string;
  /** The button, or the drop zone's content. */
  readonly children: ReactNode;
}

/**
 * Picks files (spec 000 §5): only the allowed extensions, none larger than the limit, one file
 * a name, at most maxCount (the last picked kept). The picked files are listed under it, long
 * names shortened to their first 15 and last 7 characters, each with a remove button.
 */
export function FilePicker({
  value = [],
  onChange,
  multiple,
  disabled,
  dragger,
  onReject,
  id,
  children,
  ...limits
}: FilePickerProps) {
  const { t, i18n, whenReady } = useFormsTranslation();
  const { message } = App.useApp();
  const size = limits.maxSize === undefined ? '' : `${limits.maxSize.toLocaleString(i18n.resolvedLanguage)} MB`;
  const extensions = limits.extensions?.map((e) => e.replace(/^\./, '').toLowerCase()) ?? [];

  const describe = (r: FileRejection): string =>
    r.reason === 'wrong_type'
      ? t('file.wrong_type', { name: r.name, extensions: extensions.join(', ') })
      : t('file.too_large', { name: r.name, size });

  // antd asks once for each file of a pick, with the whole pick: it is taken on its first file.
  const beforeUpload = (file: File, batch: File[]): false => {
    if (file !== batch[0]) return false;
    const { files, rejected } = pickFiles(value, batch, limits);
    if (rejected.length > 0) {
      void whenReady().then(() => {
        const texts = rejected.map(describe);
        if (onReject) onReject(texts);
        else texts.forEach((text) => void message.error(text));
      });
    }
    if (files.length !== value.length || files.some((f, i) => f !== value[i])) onChange?.(files);
    return false;
  };

  const uploadProps = {
    id,
    accept: extensions.length > 0 ? extensions.map((e) => `.${e}`).join(',') : undefined,
    multiple: multiple ?? limits.maxCount !== 1,
    disabled,
    showUploadList: false,
    beforeUpload,
  };
  return (
    <Flex vertical gap={8}>
      {dragger ? <Upload.Dragger {...uploadProps}>{children}</Upload.Dragger> : <Upload {...uploadProps}>{children}</Upload>}
      {value.length > 0 ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="file-picker-list">
          {value.map((file) => {
            const short = truncateFileName(file.name);
            const name = <Typography.Text>{short}</Typography.Text>;
            return (
              <li key={file.name}>
                <Flex align="center" gap={8}>
                  <PaperClipOutlined aria-hidden />
                  {short === file.name ? (
                    name
                  ) : (
                    <Tooltip title={file.name} mouseEnterDelay={TRUNCATED_TOOLTIP_DELAY_S}>
                      {name}
                    </Tooltip>
                  )}
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    disabled={disabled}
                    aria-label={t('file.remove', { name: file.name })}
                    onClick={() => onChange?.(value.filter((f) => f !== file))}
                  />
                </Flex>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Flex>
  );
}
