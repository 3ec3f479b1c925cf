import { CloseOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useLazyQuery } from '@apollo/client/react';
import { App, Button, Flex, Mentions, Typography, theme } from 'antd';
import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { THREAD_USERS } from '../graphql/threadUsers';
import { readDraft, writeDraft } from '../utils/drafts';
import { pickMessageImage } from '../utils/imageFiles';
import { MESSAGE_CHARACTER_LIMIT, composeMessageHtml, type Mention } from '../utils/messageHtml';
import { mentionCandidates, mentionsInText, shortenEmail, shouldSearchMentions } from '../utils/mentions';
import type { ReplyTarget } from '../utils/reply';

export interface ComposerProps {
  readonly companyId: string;
  readonly taskId: string;
  readonly replyTo: ReplyTarget | null;
  readonly sending: boolean;
  readonly onCancelReply: () => void;
  /** Resolves true when sent; on false the typed text stays. */
  readonly onSend: (input: { html: string; image: File | null; replyTo: ReplyTarget | null }) => Promise<boolean>;
  /** Files that are not message images go to the attachments' upload queue. */
  readonly onAttachFiles?: (files: File[]) => void;
}

const mentionContext: PorticoOperationContext = { silentErrors: true };

/** The message box: text with @mentions (from 4 characters), a pasted or dropped image, the reply being written. */
export function Composer({ companyId, taskId, replyTo, sending, onCancelReply, onSend, onAttachFiles }: ComposerProps) {
  const { t } = useTranslation('thread');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [text, setText] = useState(() => readDraft(taskId).text);
  const [chosen, setChosen] = useState<Mention[]>(() => [...readDraft(taskId).mentions]);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [dragging, setDragging] = useState(false);
  const [findUsers, found] = useLazyQuery(THREAD_USERS);
  const fileInput = useRef<HTMLInputElement>(null);
  const imageUrl = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => void (imageUrl && URL.revokeObjectURL(imageUrl)), [imageUrl]);

  // Another thread shows its own draft (empty unless something was typed there in this tab).
  const shownTask = useRef(taskId);
  useEffect(() => {
    if (shownTask.current === taskId) return;
    shownTask.current = taskId;
    const draft = readDraft(taskId);
    setText(draft.text);
    setChosen([...draft.mentions]);
    setImage(null);
    setError(null);
  }, [taskId]);

  useEffect(() => {
    if (!shouldSearchMentions(search)) return undefined;
    const timer = window.setTimeout(() => {
      void findUsers({ variables: { companyId, taskId, search: search.trim(), limit: 10 }, context: mentionContext });
    }, 300);
    return () => window.clearTimeout(timer);
  }, [companyId, findUsers, search, taskId]);

  const candidates = shouldSearchMentions(search) ? mentionCandidates(found.data?.users.collection ?? [], text) : [];
  const tooLong = text.trim().length > MESSAGE_CHARACTER_LIMIT;
  const canSend = (text.trim() !== '' || image !== null) && !tooLong && !sending;

  const submit = async () => {
    if (!canSend) {
      if (tooLong) setError(t('composer.too_long'));
      return;
    }
    setError(null);
    const html = composeMessageHtml(text, mentionsInText(chosen, text));
    const ok = await onSend({ html, image, replyTo });
    if (ok) {
      setText('');
      setChosen([]);
      setImage(null);
      writeDraft(taskId, { text: '', mentions: [] });
    }
  };

  const takeFiles = (files: File[]) => {
    if (!files.length) return;
    const { image: picked } = pickMessageImage(files);
    const others = files.filter((f) => f !== picked);
    if (picked) setImage(picked);
    if (others.length) {
      if (onAttachFiles) onAttachFiles(others);
      else message.warning(t('composer.image_types'));
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (!files.length) return;
    const { image: picked, rejected } = pickMessageImage(files);
    if (picked) {
      event.preventDefault();
      setImage(picked);
    } else if (rejected) {
      event.preventDefault();
      message.warning(t('composer.image_types'));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    takeFiles([...event.dataTransfer.files]);
  };

  return (
    <Flex
      vertical
      gap={6}
      onPaste={onPaste}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={{
        padding: '8px 16px 12px',
        borderTop: `1px solid ${token.colorSplit}`,
        outline: dragging ? `2px dashed ${token.colorPrimary}` : undefined,
      }}
      data-testid="thread-composer"
    >
      {replyTo && (
        <Flex
          align="center"
          gap={8}
          style={{ borderLeft: `3px solid ${token.colorPrimary}`, padding: '2px 8px', background: token.colorFillQuaternary }}
        >
          <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis>
            <Typography.Text strong>{t('composer.replying_to', { name: replyTo.author })}</Typography.Text>{' '}
            <Typography.Text type="secondary">{replyTo.preview}</Typography.Text>
          </Typography.Text>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('composer.cancel_reply')} onClick={onCancelReply} />
        </Flex>
      )}
      {image && imageUrl && (
        <Flex align="center" gap={8}>
          <img src={imageUrl} alt={t('composer.image_preview', { name: image.name })} style={{ maxHeight: 64, borderRadius: 4 }} />
          <Typography.Text type="secondary">{image.name}</Typography.Text>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('composer.remove_image')} onClick={() => setImage(null)} />
        </Flex>
      )}
      <Flex gap={8} align="flex-end">
        <Mentions
          aria-label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          autoSize={{ minRows: 2, maxRows: 8 }}
          value={text}
          status={error || tooLong ? 'error' : undefined}
          onChange={(value) => {
            setText(value);
            // what is typed is kept for a reload (drafts.ts)
            writeDraft(taskId, { text: value, mentions: chosen });
            if (error) setError(null);
          }}
          onSearch={(value) => setSearch(value)}
          onSelect={(option) => {
            const user = candidates.find((u) => u.name === option.value);
            if (!user) return;
            const next = [...chosen, { uuid: user.uuid, name: user.name }];
            setChosen(next);
            writeDraft(taskId, { text: readDraft(taskId).text, mentions: next }); // onChange has kept the text
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void submit();
            }
          }}
          notFoundContent={shouldSearchMentions(search) ? t('composer.no_mentions') : t('composer.mention_hint')}
          loading={found.loading}
          options={candidates.map((u) => ({
            key: u.uuid,
            value: u.name,
            label: (
              <span>
                {u.name}
                {u.email && (
                  <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                    {shortenEmail(u.email)}
                  </Typography.Text>
                )}
              </span>
            ),
          }))}
          style={{ flex: 1 }}
          disabled={sending}
        />
        {onAttachFiles && (
          <>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              aria-hidden
              tabIndex={-1}
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                if (files.length) onAttachFiles(files);
                e.target.value = '';
              }}
            />
            <Button icon={<PaperClipOutlined />} aria-label={t('composer.attach')} onClick={() => fileInput.current?.click()} />
          </>
        )}
        <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={!canSend} onClick={() => void submit()}>
          {t('composer.send')}
        </Button>
      </Flex>
      {(error || tooLong) && (
        <Typography.Text type="danger" role="alert">
          {error ?? t('composer.too_long')}
        </Typography.Text>
      )}
    </Flex>
  );
}
