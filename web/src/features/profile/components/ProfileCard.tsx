import { Card, Descriptions, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../shared/ui/UserAvatar';

export interface ProfileCardProps {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly avatar?: string | null;
  readonly extra?: ReactNode;
}

/** A user's profile card: name, e-mail and, when given, phone (spec 002 §2.6). */
export function ProfileCard({ name, email, phone, avatar, extra }: ProfileCardProps) {
  const { t } = useTranslation('profile');
  return (
    // the title wraps rather than ending in an ellipsis beside Edit on a phone (Allmän informati… at 390 px)
    <Card extra={extra} title={t('card.title')} styles={{ title: { whiteSpace: 'normal' } }}>
      <Flex gap={16} align="start" wrap>
        <UserAvatar size={64} name={name} avatar={avatar} />
        <Descriptions column={1} size="small" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Descriptions.Item label={t('fields.name')}>
            <Typography.Text strong>{name}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.email')}>
            <span style={{ overflowWrap: 'anywhere' }}>{email}</span>
          </Descriptions.Item>
          {phone ? <Descriptions.Item label={t('fields.phone')}>{phone}</Descriptions.Item> : null}
        </Descriptions>
      </Flex>
    </Card>
  );
}
