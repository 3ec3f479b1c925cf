import { SmileOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThreadActivity } from '../utils/types';

/** The first three are the quick reactions; the rest sit under More. */
export const REACTION_EMOJI = ['👍', '❤️', '😂', '😮', '😢', '🙏', '🎉', '✅', '👀', '👏'] as const;
export const QUICK_REACTIONS = REACTION_EMOJI.slice(0, 3);

export interface ReactionsProps {
  readonly reactions: ThreadActivity['emojiReactions'];
  readonly onToggle: (emoji: string) => void;
  readonly disabled?: boolean;
}

/** The reactions under a message: emoji, count, who reacted; click to add or take back yours. */
export function Reactions({ reactions, onToggle, disabled = false }: ReactionsProps) {
  const { t } = useTranslation('thread');
  if (!reactions.length) return null;
  return (
    <Flex gap={4} wrap style={{ marginTop: 4 }}>
      {reactions.map((r) => (
        <Tooltip key={r.emoji} title={r.emojiReactedUsers.map((u) => u.name).join(', ')}>
          <Button
            size="small"
            shape="round"
            type={r.reactedByMe ? 'primary' : 'default'}
            ghost={r.reactedByMe}
            aria-pressed={r.reactedByMe}
            aria-label={t('reaction.count', { emoji: r.emoji, count: r.emojiReactionCount })}
            disabled={disabled}
            onClick={() => onToggle(r.emoji)}
          >
            {r.emoji} {r.emojiReactionCount}
          </Button>
        </Tooltip>
      ))}
    </Flex>
  );
}

export interface ReactionPickerProps {
  readonly onPick: (emoji: string) => void;
}

/** A button opening the three quick reactions, with More for the others. */
export function ReactionPicker({ onPick }: ReactionPickerProps) {
  const { t } = useTranslation('thread');
  const [open, setOpen] = useState(false);
  const [more, setMore] = useState(false);
  const pick = (emoji: string) => {
    setOpen(false);
    setMore(false);
    onPick(emoji);
  };
  const list = more ? REACTION_EMOJI : QUICK_REACTIONS;
  return (
    <Popover
      open={open}
      onOpenChange={(value) => {
        setOpen(value);
        if (!value) setMore(false);
      }}
      trigger="click"
      content={
        <Flex gap={4} wrap style={{ maxWidth: 220 }} role="group" aria-label={t('reaction.pick')}>
          {list.map((emoji) => (
            <Button key={emoji} type="text" aria-label={t('reaction.react_with', { emoji })} onClick={() => pick(emoji)}>
              {emoji}
            </Button>
          ))}
          {!more && (
            <Button type="link" size="small" onClick={() => setMore(true)}>
              {t('reaction.more')}
            </Button>
          )}
        </Flex>
      }
    >
      <Button type="text" size="small" icon={<SmileOutlined />} aria-label={t('actions.react')} />
    </Popover>
  );
}
