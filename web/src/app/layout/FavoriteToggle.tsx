import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFavoriteCompany, type FavoriteTarget } from './useFavoriteCompany';

export interface FavoriteToggleProps {
  readonly target: FavoriteTarget;
  readonly favorite: boolean;
}

/** The favourite star of the selected company or group (provider staff with more than one company). */
export function FavoriteToggle({ target, favorite }: FavoriteToggleProps) {
  const { t } = useTranslation('common');
  const { toggleFavorite, toggling } = useFavoriteCompany();
  const label = favorite
    ? t('header.favorite.remove', { name: target.name })
    : t('header.favorite.add', { name: target.name });
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={favorite}
        loading={toggling}
        data-testid="favorite-toggle"
        icon={favorite ? <StarFilled style={{ color: '#874d00' }} /> : <StarOutlined />}
        onClick={() => void toggleFavorite(target)}
      />
    </Tooltip>
  );
}
