import { FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderFieldsFragment } from '../../../gql/graphql';
import type { FolderTreeApi } from '../hooks/useFolderTree';
import { loadedParents, type TreeNode } from '../utils/treePaging';

export interface FolderTreeProps {
  readonly tree: FolderTreeApi;
  readonly selectedId: string | null;
  readonly onSelect: (folder: FolderFieldsFragment) => void;
}

interface FolderDataNode extends DataNode {
  readonly source: TreeNode;
}

/** The company's folders, opened and paged lazily (30 at a time). */
export function FolderTree({ tree, selectedId, onSelect }: FolderTreeProps) {
  const { t } = useTranslation('files');

  const treeData = useMemo(() => {
    const toData = (nodes: readonly TreeNode[]): FolderDataNode[] =>
      nodes.map((node) =>
        node.kind === 'folder'
          ? {
              key: node.key,
              source: node,
              isLeaf: node.isLeaf,
              title: node.folder.name,
              icon: ({ expanded }: { expanded?: boolean }) => (expanded ? <FolderOpenOutlined /> : <FolderOutlined />),
              children: node.children ? toData(node.children) : undefined,
            }
          : {
              key: node.key,
              source: node,
              isLeaf: true,
              selectable: false,
              title: (
                <Button
                  type="link"
                  size="small"
                  loading={node.loading}
                  onClick={(event) => {
                    event.stopPropagation();
                    void tree.loadMore(node.parent);
                  }}
                  style={{ padding: 0 }}
                >
                  {t('tree.show_more')}
                </Button>
              ),
            },
      );
    return toData(tree.nodes);
  }, [tree, t]);

  // Which folders have their first page, so that the tree asks again after a reload.
  const loadedKeys = useMemo(() => loadedParents(tree.state.children), [tree.state.children]);

  if (tree.loading) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  if (treeData.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} />;
  }
  return (
    <nav aria-label={t('tree.label')}>
      <Tree<FolderDataNode>
        blockNode
        showIcon
        treeData={treeData}
        selectedKeys={selectedId ? [selectedId] : []}
        expandedKeys={[...tree.expandedKeys]}
        loadedKeys={loadedKeys}
        onExpand={(keys) => tree.setExpandedKeys(keys.map(String))}
        loadData={async (node) => {
          if (node.source.kind === 'folder') await tree.loadMore(node.source.key);
        }}
        onSelect={(_keys, info) => {
          const source = info.node.source;
          if (source.kind === 'folder') onSelect(source.folder);
        }}
      />
    </nav>
  );
}
