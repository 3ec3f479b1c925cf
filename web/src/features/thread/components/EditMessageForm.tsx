import { Button, Checkbox, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CHARACTER_LIMIT, composeMessageHtml, messageToComposer } from '../utils/messageHtml';
import { mentionsInText } from '../utils/mentions';

export interface EditMessageFormProps {
  readonly body: string;
  readonly imageUrl: string | null;
  readonly saving: boolean;
  readonly onSave: (html: string, removeImage: boolean) => void;
  readonly onCancel: () => void;
}

/** Editing one's own message in place: text (mentions kept), and taking its image away. */
export function EditMessageForm({ body, imageUrl, saving, onSave, onCancel }: EditMessageFormProps) {
  const { t } = useTranslation('thread');
  const [initial] = useState(() => messageToComposer(body));
  const [text, setText] = useState(initial.text);
  const [removeImage, setRemoveImage] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const keepsImage = Boolean(imageUrl) && !removeImage;
    if (!text.trim() && !keepsImage) {
      setError(t('composer.empty_edit'));
      return;
    }
    if (text.trim().length > MESSAGE_CHARACTER_LIMIT) {
      setError(t('composer.too_long'));
      return;
    }
    setError(null);
    onSave(composeMessageHtml(text, mentionsInText(initial.mentions, text)), removeImage);
  };
  return (
    <Flex vertical gap={6}>
      <Input.TextArea
        aria-label={t('message.edit_label')}
        autoSize={{ minRows: 2, maxRows: 10 }}
        value={text}
        status={error ? 'error' : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) save();
        }}
        autoFocus
      />
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      {imageUrl && (
        <Checkbox checked={removeImage} onChange={(e) => setRemoveImage(e.target.checked)}>
          {t('message.remove_image')}
        </Checkbox>
      )}
      <Flex gap={8}>
        <Button type="primary" size="small" loading={saving} onClick={save}>
          {t('actions.save')}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </Flex>
    </Flex>
  );
}
