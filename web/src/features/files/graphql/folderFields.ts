import { graphql } from '../../../gql';

/** What the tree, the header and the folder modals read of a folder. */
export const FOLDER_FIELDS = graphql(`
  fragment FolderFields on Folder {
    uuid
    name
    categoryId
    parentFolderId
    depth
    foldersCount
    canAddChild
    category {
      id
      name
      active
      color
      bgColor
      categoryType
    }
  }
`);
