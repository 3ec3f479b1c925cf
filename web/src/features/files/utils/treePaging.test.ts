import { describe, expect, it } from 'vitest';
import type { FolderFieldsFragment } from '../../../gql/graphql';
import {
  EMPTY_TREE,
  MAX_FOLDER_DEPTH,
  ROOTS,
  canOpen,
  folderRemoved,
  hasMore,
  loadedParents,
  moreKey,
  nextPage,
  pageFailed,
  pageLoaded,
  pageRequested,
  resetChildren,
  treeNodes,
} from './treePaging';

const folder = (uuid: string, extra: Partial<FolderFieldsFragment> = {}): FolderFieldsFragment => ({
  uuid,
  name: uuid,
  categoryId: '1',
  parentFolderId: null,
  depth: 1,
  foldersCount: 0,
  canAddChild: true,
  category: { id: '1', name: 'Accounting', active: true, color: '', bgColor: '', categoryType: 'other' },
  ...extra,
});

const page = (prefix: string, from: number, count: number, extra: Partial<FolderFieldsFragment> = {}) =>
  Array.from({ length: count }, (_, i) => folder(`${prefix}${from + i}`, extra));

describe('tree paging', () => {
  it('asks for the first page of a parent never loaded, and none while a request is out', () => {
    expect(nextPage(EMPTY_TREE, ROOTS)).toBe(1);
    expect(nextPage(pageRequested(EMPTY_TREE, ROOTS), ROOTS)).toBeNull();
  });

  it('pages 30 at a time until the total is reached, with a "show more" node meanwhile', () => {
    let state = pageLoaded(pageRequested(EMPTY_TREE, ROOTS), ROOTS, 1, page('r', 1, 30), 45);
    expect(nextPage(state, ROOTS)).toBe(2);
    expect(hasMore(state, ROOTS)).toBe(true);
    const nodes = treeNodes(state);
    expect(nodes).toHaveLength(31);
    expect(nodes[30]).toMatchObject({ kind: 'more', key: moreKey(ROOTS), parent: ROOTS });

    state = pageLoaded(state, ROOTS, 2, page('r', 31, 15), 45);
    expect(nextPage(state, ROOTS)).toBeNull();
    expect(hasMore(state, ROOTS)).toBe(false);
    expect(treeNodes(state).map((n) => n.key)).toEqual(page('r', 1, 45).map((f) => f.uuid));
  });

  it('names the parents whose first page is in, not those still asked for', () => {
    let state = pageLoaded(pageRequested(EMPTY_TREE, ROOTS), ROOTS, 1, [folder('r1', { foldersCount: 2 })], 1);
    state = pageRequested(state, 'r1');
    expect(loadedParents(state.children)).toEqual([ROOTS]);
    state = pageLoaded(state, 'r1', 1, [folder('c1', { parentFolderId: 'r1', depth: 2 })], 1);
    expect(loadedParents(state.children)).toEqual([ROOTS, 'r1']);
  });

  it('does not list a folder twice when a later page overlaps an earlier one', () => {
    let state = pageLoaded(EMPTY_TREE, ROOTS, 1, page('r', 1, 30), 31);
    state = pageLoaded(state, ROOTS, 2, [folder('r30'), folder('r31')], 31);
    expect(state.children[ROOTS]!.ids).toHaveLength(31);
  });

  it('nests loaded subfolders and leaves unopened ones to load when opened', () => {
    let state = pageLoaded(EMPTY_TREE, ROOTS, 1, [folder('a', { foldersCount: 2 }), folder('b')], 2);
    let nodes = treeNodes(state);
    expect(nodes[0]).toMatchObject({ kind: 'folder', key: 'a', isLeaf: false, children: undefined });
    expect(nodes[1]).toMatchObject({ kind: 'folder', key: 'b', isLeaf: true, children: [] });

    state = pageLoaded(state, 'a', 1, page('a/', 1, 2, { parentFolderId: 'a', depth: 2 }), 2);
    nodes = treeNodes(state);
    const a = nodes[0];
    expect(a?.kind === 'folder' && a.children?.map((c) => c.key)).toEqual(['a/1', 'a/2']);
  });

  it('never opens a folder at the depth limit', () => {
    expect(canOpen({ foldersCount: 3, depth: MAX_FOLDER_DEPTH })).toBe(false);
    expect(canOpen({ foldersCount: 3, depth: MAX_FOLDER_DEPTH - 1 })).toBe(true);
    expect(canOpen({ foldersCount: 0, depth: 1 })).toBe(false);
  });

  it('keeps loaded folders when a page fails, and asks for the same page again', () => {
    let state = pageLoaded(EMPTY_TREE, ROOTS, 1, page('r', 1, 30), 40);
    state = pageFailed(pageRequested(state, ROOTS), ROOTS);
    expect(state.children[ROOTS]).toMatchObject({ failed: true, loading: false, pages: 1 });
    expect(nextPage(state, ROOTS)).toBe(2);
  });

  it('forgets a parent\'s children to load them again, and drops a deleted folder with its count', () => {
    let state = pageLoaded(EMPTY_TREE, ROOTS, 1, [folder('a', { foldersCount: 1 })], 1);
    state = pageLoaded(state, 'a', 1, [folder('a1', { parentFolderId: 'a', depth: 2 })], 1);
    const removed = folderRemoved(state, 'a1');
    expect(removed.children['a']).toMatchObject({ ids: [], totalCount: 0 });
    expect(removed.folders['a']!.foldersCount).toBe(0);
    expect(removed.folders['a1']).toBeUndefined();

    const reset = resetChildren(state, 'a');
    expect(reset.children['a']).toBeUndefined();
    expect(nextPage(reset, 'a')).toBe(1);
  });
});
