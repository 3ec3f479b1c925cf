import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FolderAddOutlined,
  SettingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FolderFieldsFragment } from '../../../gql/graphql';
import type { FolderAbilities } from '../utils/abilities';

export type FolderAction = 'upload' | 'addSubfolder' | 'rename' | 'delete' | 'settings' | 'zip';

export interface FolderHeaderProps {
  readonly folder: FolderFieldsFragment;
  readonly abilities: FolderAbilities;
  readonly zipping: boolean;
  readonly onAction: (action: FolderAction) => void;
}

/** The selected folder's title, category badge, settings button and folder actions. */
export function FolderHeader({ folder, abilities, zipping, onAction }: FolderHeaderProps) {
  const { t } = useTranslation('files');
  return (
    <Flex justify="space-between" align="center" gap="small" wrap>
      <Flex align="center" gap="small" wrap style={{ minWidth: 0 }}>
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }} ellipsis>
          {folder.name}
        </Typography.Title>
        <Tag>{folder.category.name}</Tag>
        {abilities.settings && (
          <Tooltip title={t('folder.settings')}>
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label={t('folder.settings')}
              onClick={() => onAction('settings')}
            />
          </Tooltip>
        )}
      </Flex>
      <Flex gap="small" wrap>
        {abilities.upload && (
          <Button type="primary" icon={<UploadOutlined />} onClick={() => onAction('upload')}>
            {t('folder.upload')}
          </Button>
        )}
        <Button icon={<DownloadOutlined />} loading={zipping} onClick={() => onAction('zip')}>
          {t('folder.download_zip')}
        </Button>
        {abilities.addSubfolder && (
          <Button icon={<FolderAddOutlined />} onClick={() => onAction('addSubfolder')}>
            {t('folder.add_subfolder')}
          </Button>
        )}
        {abilities.rename && (
          <Button icon={<EditOutlined />} onClick={() => onAction('rename')}>
            {t('folder.rename')}
          </Button>
        )}
        {abilities.remove && (
          <Button danger icon={<DeleteOutlined />} onClick={() => onAction('delete')}>
            {t('folder.delete')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
