// The folder tree's lazy paging (spec 002 §2.2): root folders and each folder's subfolders
// load 30 at a time, the first page when a node opens, the next when asked. Pure state
// transitions; the hook (useFolderTree) does the fetching.

import type { FolderFieldsFragment } from '../../../gql/graphql';

export const FOLDERS_PAGE_SIZE = 30;
export const MAX_FOLDER_DEPTH = 24;
/** The key of the list of root folders. */
export const ROOTS = '__roots__';

export interface ChildList {
  readonly ids: readonly string[];
  readonly totalCount: number;
  /** Pages loaded so far (0 before the first answer). */
  readonly pages: number;
  readonly loading: boolean;
  readonly failed: boolean;
}

export interface TreeState {
  readonly folders: Readonly<Record<string, FolderFieldsFragment>>;
  /** Children per parent key (a folder uuid, or ROOTS). */
  readonly children: Readonly<Record<string, ChildList>>;
}

export const EMPTY_TREE: TreeState = { folders: {}, children: {} };

const EMPTY_LIST: ChildList = { ids: [], totalCount: 0, pages: 0, loading: false, failed: false };

export function childList(state: TreeState, parent: string): ChildList {
  return state.children[parent] ?? EMPTY_LIST;
}

/** The page to ask for next, or null when everything is loaded or a request is out. */
export function nextPage(state: TreeState, parent: string): number | null {
  const list = state.children[parent];
  if (!list) return 1;
  if (list.loading) return null;
  if (list.pages > 0 && list.ids.length >= list.totalCount) return null;
  return list.pages + 1;
}

export function hasMore(state: TreeState, parent: string): boolean {
  const list = state.children[parent];
  return Boolean(list && list.pages > 0 && list.ids.length < list.totalCount);
}

/** The parents whose first page of subfolders is in (the tree component asks again for the others). */
export function loadedParents(children: TreeState['children']): string[] {
  return Object.entries(children)
    .filter(([, list]) => list.pages > 0)
    .map(([key]) => key);
}

export function pageRequested(state: TreeState, parent: string): TreeState {
  const list = childList(state, parent);
  return { ...state, children: { ...state.children, [parent]: { ...list, loading: true, failed: false } } };
}

export function pageFailed(state: TreeState, parent: string): TreeState {
  const list = childList(state, parent);
  return { ...state, children: { ...state.children, [parent]: { ...list, loading: false, failed: true } } };
}

/**
 * Merges one answered page: appends folders not yet listed (a folder added meanwhile can
 * shift a later page by one), remembers the total.
 */
export function pageLoaded(
  state: TreeState,
  parent: string,
  page: number,
  folders: readonly FolderFieldsFragment[],
  totalCount: number,
): TreeState {
  const list = childList(state, parent);
  const base = page === 1 ? [] : list.ids;
  const seen = new Set(base);
  const ids = [...base];
  const byId = { ...state.folders };
  for (const folder of folders) {
    byId[folder.uuid] = folder;
    if (!seen.has(folder.uuid)) {
      seen.add(folder.uuid);
      ids.push(folder.uuid);
    }
  }
  return {
    folders: byId,
    children: {
      ...state.children,
      [parent]: { ids, totalCount: Math.max(totalCount, ids.length), pages: page, loading: false, failed: false },
    },
  };
}

/** Forgets a parent's loaded children, so that its next open loads them again. */
export function resetChildren(state: TreeState, parent: string): TreeState {
  if (!state.children[parent]) return state;
  const children = { ...state.children };
  delete children[parent];
  return { ...state, children };
}

/** Replaces a folder's data (after rename, settings, or a new child count). */
export function folderChanged(state: TreeState, folder: FolderFieldsFragment): TreeState {
  return { ...state, folders: { ...state.folders, [folder.uuid]: folder } };
}

/** Drops a folder (deleted or moved away) from its parent's list. */
export function folderRemoved(state: TreeState, uuid: string): TreeState {
  const folder = state.folders[uuid];
  const parent = folder ? (folder.parentFolderId ?? ROOTS) : null;
  if (!folder || !parent) return state;
  const list = childList(state, parent);
  const folders = { ...state.folders };
  delete folders[uuid];
  const parentFolder = folder.parentFolderId ? folders[folder.parentFolderId] : undefined;
  if (parentFolder) folders[parentFolder.uuid] = { ...parentFolder, foldersCount: Math.max(0, parentFolder.foldersCount - 1) };
  return {
    folders,
    children: {
      ...state.children,
      [parent]: { ...list, ids: list.ids.filter((id) => id !== uuid), totalCount: Math.max(0, list.totalCount - 1) },
    },
  };
}

/** A folder can open when it has subfolders and is not at the depth limit. */
export function canOpen(folder: Pick<FolderFieldsFragment, 'foldersCount' | 'depth'>): boolean {
  return folder.foldersCount > 0 && folder.depth < MAX_FOLDER_DEPTH;
}

export type TreeNode =
  | {
      readonly kind: 'folder';
      readonly key: string;
      readonly folder: FolderFieldsFragment;
      readonly isLeaf: boolean;
      /** Undefined until the first page of subfolders arrives (the tree then asks for it on open). */
      readonly children: readonly TreeNode[] | undefined;
    }
  | { readonly kind: 'more'; readonly key: string; readonly parent: string; readonly loading: boolean; readonly isLeaf: true };

/** The key of a parent's "show more" node. */
export const moreKey = (parent: string): string => `more:${parent}`;

/**
 * The nested nodes under a parent: the loaded folders, each with its own loaded children,
 * and a "show more" node while pages remain. Folders at the depth limit never open.
 */
export function treeNodes(state: TreeState, parent: string = ROOTS): TreeNode[] {
  const list = state.children[parent];
  if (!list || list.pages === 0) return [];
  const nodes: TreeNode[] = [];
  for (const id of list.ids) {
    const folder = state.folders[id];
    if (!folder) continue;
    const leaf = !canOpen(folder);
    const loaded = state.children[id];
    nodes.push({
      kind: 'folder',
      key: id,
      folder,
      isLeaf: leaf,
      children: leaf ? [] : loaded && loaded.pages > 0 ? treeNodes(state, id) : undefined,
    });
  }
  if (hasMore(state, parent)) nodes.push({ kind: 'more', key: moreKey(parent), parent, loading: list.loading, isLeaf: true });
  return nodes;
}
