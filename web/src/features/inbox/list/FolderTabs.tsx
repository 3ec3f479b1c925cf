import { Badge, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Folder } from '../filters/urlState';
import type { InboxStats } from './hooks/useInboxThreads';

export interface FolderTabsProps {
  readonly folders: readonly Folder[];
  readonly active: Folder;
  readonly stats: InboxStats | null;
  /** The number of search hits, for the search results tab. */
  readonly searchCount: number | null;
  readonly onChange: (folder: Folder) => void;
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

/**
 * Folder tabs with their counters (spec 001 §2 Inbox header and folders). A horizontal
 * menu: the folders that do not fit move under a More item, which stays valid ARIA
 * (a tab list may not hold the overflow button antd's Tabs adds).
 */
export function FolderTabs({ folders, active, stats, searchCount, onChange }: FolderTabsProps) {
  const { t } = useTranslation('inbox');
  return (
    <Menu
      mode="horizontal"
      aria-label={t('folders.label')}
      selectedKeys={[active]}
      onClick={({ key }) => onChange(key as Folder)}
      overflowedIndicator={<span aria-label={t('folders.more')}>…</span>}
      style={{ borderBottom: 'none', lineHeight: '40px' }}
      items={folders.map((folder) => {
        const count = folderCount(folder, stats, searchCount);
        return {
          key: folder,
          style: { paddingInline: 10 },
          label: (
            <span data-testid={`folder-${folder}`} aria-current={folder === active ? 'true' : undefined}>
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
          ),
        };
      })}
    />
  );
}
