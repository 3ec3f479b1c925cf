import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FolderFieldsFragment } from '../../../gql/graphql';
import { FOLDER } from '../graphql/folder';
import { FOLDERS } from '../graphql/folders';
import {
  EMPTY_TREE,
  FOLDERS_PAGE_SIZE,
  MAX_FOLDER_DEPTH,
  ROOTS,
  folderChanged,
  folderRemoved,
  nextPage,
  pageFailed,
  pageLoaded,
  pageRequested,
  resetChildren,
  treeNodes,
  type TreeNode,
  type TreeState,
} from '../utils/treePaging';

export interface FolderTreeApi {
  readonly nodes: readonly TreeNode[];
  readonly state: TreeState;
  /** The roots' first page is still loading. */
  readonly loading: boolean;
  readonly expandedKeys: readonly string[];
  readonly setExpandedKeys: (keys: readonly string[]) => void;
  /** Loads the next page of a parent's subfolders (ROOTS for the root folders). */
  readonly loadMore: (parent: string) => Promise<void>;
  /** Shows a new or changed folder: reloads its parent's first page and opens the parent. */
  readonly folderAdded: (folder: FolderFieldsFragment) => Promise<void>;
  readonly folderUpdated: (folder: FolderFieldsFragment, previousParentId?: string | null) => Promise<void>;
  readonly folderDeleted: (uuid: string) => void;
  /** Reloads the open part of the tree in place (after someone else changed folders). */
  readonly reload: () => Promise<void>;
  /** Opens the folders above a folder reached by its address, paging until it shows. */
  readonly reveal: (folder: FolderFieldsFragment) => Promise<void>;
}

/** Pages a parent's children are read through at most while looking for one folder. */
const REVEAL_MAX_PAGES = 10;

/** The lazily paged folder tree of a company (30 folders a page, per parent). */
export function useFolderTree(companyId: string | null): FolderTreeApi {
  const client = useApolloClient();
  const [state, setState] = useState<TreeState>(EMPTY_TREE);
  // The latest state, also between an update and its render (reveal reads it after awaits).
  const stateRef = useRef(state);
  const apply = useCallback((change: (s: TreeState) => TreeState) => {
    stateRef.current = change(stateRef.current);
    setState(stateRef.current);
  }, []);
  const [expandedKeys, setExpanded] = useState<readonly string[]>([]);
  const expandedKeysRef = useRef(expandedKeys);
  expandedKeysRef.current = expandedKeys;
  // Answers for an earlier company are dropped.
  const generation = useRef(0);

  const load = useCallback(
    async (parent: string, page: number, silent = false) => {
      if (!companyId) return;
      const gen = generation.current;
      apply((s) => pageRequested(s, parent));
      try {
        const { data, error } = await client.query({
          query: FOLDERS,
          variables: {
            companyId,
            page,
            limit: FOLDERS_PAGE_SIZE,
            roots: parent === ROOTS ? true : null,
            folderId: parent === ROOTS ? null : parent,
          },
          fetchPolicy: 'network-only',
          // A refresh after someone else's change may ask for a folder that just went away.
          context: { silentErrors: silent },
        });
        if (gen !== generation.current) return;
        if (error || !data) {
          apply((s) => pageFailed(s, parent));
          return;
        }
        apply((s) => pageLoaded(s, parent, page, data.folders.collection, data.folders.totalCount));
      } catch {
        if (gen === generation.current) apply((s) => pageFailed(s, parent));
      }
    },
    [apply, client, companyId],
  );

  const loadMore = useCallback(
    async (parent: string) => {
      const page = nextPage(stateRef.current, parent);
      if (page !== null) await load(parent, page);
    },
    [load],
  );

  // Reloads in place (no skeleton): the roots and every open folder's first page.
  const reload = useCallback(async () => {
    const open = [...expandedKeysRef.current];
    await load(ROOTS, 1, true);
    for (const key of open) await load(key, 1, true);
    setExpanded((keys) => keys.filter((key) => !stateRef.current.children[key]?.failed));
  }, [load]);

  useEffect(() => {
    generation.current += 1;
    apply(() => EMPTY_TREE);
    setExpanded([]);
    void load(ROOTS, 1);
  }, [apply, load]);

  const setExpandedKeys = useCallback((keys: readonly string[]) => setExpanded(keys), []);

  const reloadParent = useCallback(
    async (parentId: string | null) => {
      const parent = parentId ?? ROOTS;
      apply((s) => resetChildren(s, parent));
      await load(parent, 1);
      if (parentId) setExpanded((keys) => (keys.includes(parentId) ? keys : [...keys, parentId]));
    },
    [apply, load],
  );

  const bumpCount = useCallback((parentId: string | null, by: number) => {
    if (!parentId) return;
    apply((s) => {
      const parent = s.folders[parentId];
      return parent ? folderChanged(s, { ...parent, foldersCount: Math.max(0, parent.foldersCount + by) }) : s;
    });
  }, [apply]);

  const folderAdded = useCallback(
    async (folder: FolderFieldsFragment) => {
      bumpCount(folder.parentFolderId, 1);
      await reloadParent(folder.parentFolderId);
    },
    [bumpCount, reloadParent],
  );

  const folderUpdated = useCallback(
    async (folder: FolderFieldsFragment, previousParentId?: string | null) => {
      const moved = previousParentId !== undefined && previousParentId !== folder.parentFolderId;
      if (moved) {
        apply((s) => folderRemoved(s, folder.uuid));
        bumpCount(folder.parentFolderId, 1);
        await reloadParent(folder.parentFolderId);
      } else {
        apply((s) => folderChanged(s, { ...(s.folders[folder.uuid] ?? folder), ...folder }));
      }
    },
    [apply, bumpCount, reloadParent],
  );

  const folderDeleted = useCallback((uuid: string) => {
    apply((s) => folderRemoved(s, uuid));
    setExpanded((keys) => keys.filter((k) => k !== uuid));
  }, [apply]);

  const reveal = useCallback(
    async (folder: FolderFieldsFragment) => {
      if (!companyId) return;
      const gen = generation.current;
      // The chain of ancestors, root first (at most the depth limit).
      const chain: string[] = [];
      let parentId = folder.parentFolderId;
      while (parentId && chain.length < MAX_FOLDER_DEPTH) {
        chain.unshift(parentId);
        const known = stateRef.current.folders[parentId];
        if (known) {
          parentId = known.parentFolderId;
          continue;
        }
        try {
          const { data } = await client.query({
            query: FOLDER,
            variables: { companyId, id: parentId },
            fetchPolicy: 'network-only',
            context: { silentErrors: true },
          });
          parentId = data?.folder?.parentFolderId ?? null;
        } catch {
          return;
        }
      }
      const lists = [ROOTS, ...chain];
      const wanted = [...chain, folder.uuid];
      for (const [i, parent] of lists.entries()) {
        for (let n = 0; n < REVEAL_MAX_PAGES; n += 1) {
          if (gen !== generation.current) return;
          const list = stateRef.current.children[parent];
          if (list?.ids.includes(wanted[i] ?? '')) break;
          const page = nextPage(stateRef.current, parent);
          if (page === null) break;
          await load(parent, page);
        }
      }
      if (gen === generation.current && chain.length) {
        setExpanded((keys) => [...keys, ...chain.filter((id) => !keys.includes(id))]);
      }
    },
    [client, companyId, load],
  );

  const nodes = useMemo(() => treeNodes(state), [state]);
  const roots = state.children[ROOTS];
  return {
    nodes,
    state,
    loading: !roots || (roots.pages === 0 && !roots.failed),
    expandedKeys,
    setExpandedKeys,
    loadMore,
    folderAdded,
    folderUpdated,
    folderDeleted,
    reload,
    reveal,
  };
}
