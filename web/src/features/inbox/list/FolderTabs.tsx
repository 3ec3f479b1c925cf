import { DownOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Folder } from '../../task-list';
import type { InboxStats } from './hooks/useInboxThreads';
import { mobileTabs } from './mobileTabs';

export interface FolderTabsProps {
  readonly folders: readonly Folder[];
  readonly active: Folder;
  readonly stats: InboxStats | null;
  /** The number of search hits, for the search results tab. */
  readonly searchCount: number | null;
  readonly onChange: (folder: Folder) => void;
  /** The mobile inbox: the first 4 tabs as buttons, the rest under More when over 5. */
  readonly mobile?: boolean;
}

/** The counter of each folder, from inboxStats. */
export function folderCount(folder: Folder, stats: InboxStats | null, searchCount: number | null): number | null {
  if (folder === 'search') return searchCount;
  if (!stats) return null;
  switch (folder) {
    case 'inbox':
      return stats.totalCount;
    case 'unread':
      return stats.unreadCount;
    case 'new':
      return stats.newCount;
    case 'inProgress':
      return stats.inProgressCount;
    case 'closed':
      return stats.closedCount;
    case 'bin':
      return stats.deletedCount;
  }
}

interface FolderLabelProps {
  readonly folder: Folder;
  readonly active: boolean;
  readonly count: number | null;
}

/** A folder's name and counter. */
function FolderLabel({ folder, active, count }: FolderLabelProps) {
  const { t } = useTranslation('inbox');
  return (
    <span data-testid={`folder-${folder}`} aria-current={active ? 'true' : undefined}>
      {t(`folders.${folder}`)}{' '}
      {count !== null && (
        <Badge
          count={count}
          showZero
          overflowCount={999}
          color={folder === 'unread' && count > 0 ? '#0958d9' : '#595959'}
          data-testid={`folder-count-${folder}`}
          title={t('folders.count', { count })}
        />
      )}
    </span>
  );
}

/**
 * Folder tabs with their counters (spec 001 §2 Inbox header and folders), as a row of
 * buttons that wraps: on the desktop every folder stays in sight (a second row rather than
 * a "…" that hides In progress, Completed and Bin); the mobile inbox shows the first 4
 * folders and a More menu with the rest when there are over 5, More naming the open folder
 * when it is one of those. Buttons in a navigation landmark, not a tab list: a tab list may
 * not hold the More button.
 */
export function FolderTabs({ folders, active, stats, searchCount, onChange, mobile = false }: FolderTabsProps) {
  const { t } = useTranslation('inbox');
  const { visible, more } = mobile ? mobileTabs(folders) : { visible: folders, more: [] as Folder[] };
  const activeInMore = more.includes(active);
  return (
    <nav aria-label={t('folders.label')} data-testid={mobile ? 'mobile-folder-tabs' : 'folder-tabs'}>
      <Flex wrap gap={4} style={{ paddingBlock: 8 }}>
        {visible.map((folder) => (
          <Button
            key={folder}
            size="small"
            type={folder === active ? 'primary' : 'text'}
            ghost={folder === active}
            onClick={() => onChange(folder)}
          >
            <FolderLabel folder={folder} active={folder === active} count={folderCount(folder, stats, searchCount)} />
          </Button>
        ))}
        {more.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: activeInMore ? [active] : [],
              onClick: ({ key }) => onChange(key as Folder),
              items: more.map((folder) => ({
                key: folder,
                label: <FolderLabel folder={folder} active={folder === active} count={folderCount(folder, stats, searchCount)} />,
              })),
            }}
          >
            <Button size="small" type={activeInMore ? 'primary' : 'text'} ghost={activeInMore} data-testid="folder-more">
              {activeInMore ? t('folders.more_with', { folder: t(`folders.${active}`) }) : t('folders.more_short')}{' '}
              <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        )}
      </Flex>
    </nav>
  );
}
