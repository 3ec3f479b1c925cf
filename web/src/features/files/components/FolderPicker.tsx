import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderFieldsFragment } from '../../../gql/graphql';
import { useFolderTree } from '../hooks/useFolderTree';
import { loadedParents, type TreeNode } from '../utils/treePaging';

export interface FolderPickerProps {
  readonly id: string;
  readonly companyId: string;
  readonly value: string | null;
  readonly onChange: (folder: FolderFieldsFragment | null) => void;
  /** Folders that cannot be chosen (the current folder). */
  readonly disabledIds?: readonly string[];
  /** A folder left out with everything under it (a folder cannot move into itself). */
  readonly excludeId?: string;
  /** Only folders of this category can be chosen. */
  readonly categoryId?: string;
  readonly ariaLabel?: string;
}

interface PickerNode {
  value: string;
  title: string;
  disabled?: boolean;
  selectable?: boolean;
  isLeaf: boolean;
  children?: PickerNode[];
}

/** Picks a folder from the company's tree, loading subfolders as they open (30 a page). */
export function FolderPicker({
  id,
  companyId,
  value,
  onChange,
  disabledIds = [],
  excludeId,
  categoryId,
  ariaLabel,
}: FolderPickerProps) {
  const { t } = useTranslation('files');
  const tree = useFolderTree(companyId);

  const treeData = useMemo(() => {
    const convert = (nodes: readonly TreeNode[]): PickerNode[] =>
      nodes.flatMap<PickerNode>((node) => {
        if (node.kind === 'more') {
          return [{ value: node.key, title: t('tree.show_more'), selectable: false, isLeaf: true }];
        }
        if (node.key === excludeId) return [];
        const otherCategory = categoryId !== undefined && node.folder.categoryId !== categoryId;
        return [
          {
            value: node.key,
            title: node.folder.name,
            disabled: disabledIds.includes(node.key) || otherCategory,
            isLeaf: node.isLeaf,
            children: node.children ? convert(node.children) : undefined,
          },
        ];
      });
    return convert(tree.nodes);
  }, [tree.nodes, t, excludeId, categoryId, disabledIds]);

  const loadedKeys = useMemo(() => loadedParents(tree.state.children), [tree.state.children]);

  return (
    <TreeSelect<string>
      id={id}
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      placeholder={t('picker.placeholder')}
      loading={tree.loading}
      value={value ?? undefined}
      treeData={treeData}
      treeLoadedKeys={loadedKeys}
      treeExpandedKeys={[...tree.expandedKeys]}
      onTreeExpand={(keys) => tree.setExpandedKeys(keys.map(String))}
      loadData={async (node) => {
        const key = String(node.value);
        if (!key.startsWith('more:')) await tree.loadMore(key);
      }}
      onSelect={(key: string) => {
        if (key.startsWith('more:')) {
          void tree.loadMore(key.slice('more:'.length));
          return;
        }
        onChange(tree.state.folders[key] ?? null);
      }}
      popupMatchSelectWidth
      showSearch={false}
    />
  );
}
