// A file as the files table reads it (CompanyFileFields), with the typenames the app's
// cache keys records by, for tests.

import type { CompanyFileFieldsFragment } from '../../../gql/graphql';

export const companyFile = (extra: Partial<CompanyFileFieldsFragment> = {}) => ({
  __typename: 'CompanyFile' as const,
  uuid: 'file-1',
  filename: 'report.pdf',
  description: null as string | null,
  extension: 'pdf',
  fileSize: 10,
  uploadedAt: '2026-01-01T10:00:00Z',
  uploaderActive: true,
  canUpdate: true,
  canDestroy: true,
  folder: { __typename: 'FileFolder' as const, uuid: 'folder-1', name: 'Invoices' },
  uploader: { __typename: 'FileUser' as const, uuid: 'u', name: 'Anna', active: true },
  ...extra,
});
