import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeServerError, type ServerErrorLike } from '../../../app/errors/serverErrors';
import { i18n } from '../../../app/i18n/i18n';
import { FilePicker } from '../../../shared/forms/FilePicker';
import { maxBytes } from '../../../shared/forms/filePick';
import { UserAvatar } from '../../../shared/ui/UserAvatar';
import { sendMultipart } from '../../thread';
import { REMOVE_AVATAR, UPDATE_AVATAR } from '../graphql/avatar';

/** The largest picture the server takes in MB (engine/org AvatarMaxBytes: 5 × 1024 × 1024 bytes). */
const AVATAR_MAX_MB = 5;
export const AVATAR_MAX_BYTES = maxBytes(AVATAR_MAX_MB, 1024);
/** The pictures the server takes (PNG, JPEG, GIF). */
const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'];

export interface AvatarAnswer {
  readonly avatar?: string | null;
  readonly errors: readonly ServerErrorLike[];
}

/** Sends a picked picture: updateAvatar's answer, or null when the request failed. */
export type SendAvatar = (userId: string, file: File) => Promise<AvatarAnswer | null | undefined>;

const sendAvatar: SendAvatar = async (userId, file) => {
  const answer = await sendMultipart<{ updateAvatar: AvatarAnswer }>(UPDATE_AVATAR, { userId, content: null }, [
    { path: 'variables.content', file },
  ]);
  return answer.errors?.length ? null : answer.data?.updateAvatar;
};

export interface AvatarFieldProps {
  readonly userId: string;
  readonly name: string;
  readonly avatar: string | null;
  /** After the picture changed: the stored user is refreshed (the header's avatar with it). */
  readonly onChanged: () => void;
  /** How a picture is sent (tests give their own). */
  readonly send?: SendAvatar;
}

/**
 * The edit-general-info modal's picture: the current avatar (or initials), upload and remove.
 * The shared file picker's rules (spec 000 §5): only PNG, JPEG or GIF, at most 5 MB (unit 1024),
 * with its texts. A picked file is sent at once; the server crops it square. Errors show under
 * the buttons.
 */
export function AvatarField({ userId, name, avatar: initial, onChanged, send = sendAvatar }: AvatarFieldProps) {
  const { t } = useTranslation('profile');
  const [avatar, setAvatar] = useState(initial);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [remove] = useMutation(REMOVE_AVATAR);

  const settle = (answer: AvatarAnswer | null | undefined) => {
    if (!answer) {
      setError(t('edit.avatar_failed'));
      return;
    }
    const first = answer.errors[0];
    if (first) {
      setError(describeServerError(first, i18n).description);
      return;
    }
    setAvatar(answer.avatar ?? null);
    onChanged();
  };

  const upload = async (file: File) => {
    setError(null);
    setBusy('upload');
    try {
      settle(await send(userId, file));
    } catch {
      settle(null);
    } finally {
      setBusy(null);
    }
  };

  const clear = async () => {
    setError(null);
    setBusy('remove');
    try {
      const { data } = await remove({ variables: { userId } });
      settle(data?.removeAvatar);
    } catch {
      settle(null);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex gap={16} align="center" style={{ marginBottom: 16 }} data-testid="avatar-field">
      <UserAvatar size={64} name={name} avatar={avatar} />
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Flex gap={8} wrap>
          {/* nothing is kept in the picker: a picked picture goes at once */}
          <FilePicker
            value={[]}
            extensions={AVATAR_EXTENSIONS}
            maxSize={AVATAR_MAX_MB}
            sizeUnit={1024}
            maxCount={1}
            disabled={busy !== null}
            onChange={([file]) => {
              if (file) void upload(file);
            }}
            onReject={(texts) => setError(texts.join(' '))}
          >
            <Button icon={<UploadOutlined />} loading={busy === 'upload'} disabled={busy === 'remove'}>
              {avatar ? t('edit.avatar_change') : t('edit.avatar_upload')}
            </Button>
          </FilePicker>
          {avatar ? (
            <Button icon={<DeleteOutlined />} loading={busy === 'remove'} disabled={busy === 'upload'} onClick={() => void clear()}>
              {t('edit.avatar_remove')}
            </Button>
          ) : null}
        </Flex>
        {error ? (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('edit.avatar_hint')}</Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
