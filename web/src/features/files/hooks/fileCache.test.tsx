import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { COMPANY_FILES } from '../graphql/companyFiles';
import { FOLDER } from '../graphql/folder';
import { UPDATE_FILE } from '../graphql/updateFile';
import { UPDATE_FOLDER } from '../graphql/updateFolder';
import { companyFile } from '../utils/testFiles';
import { useUpdateFolder } from './useFolderMutations';
import { useUpdateFile } from './useUpdateFile';

// The cache as the app builds it (files and folders keyed by uuid), answers from a
// MockLink: a request the mocks do not expect fails, so a refetch cannot hide.

const file = (filename: string, description: string | null) => companyFile({ filename, description });

const folder = (name: string) => ({
  __typename: 'Folder',
  uuid: 'folder-1',
  name,
  categoryId: '1',
  parentFolderId: null,
  depth: 1,
  foldersCount: 0,
  canAddChild: true,
  category: { __typename: 'Category', id: '1', name: 'Accounting', active: true, color: null, bgColor: null, categoryType: 'other' },
});

const errors: never[] = [];
const MOCKS: MockLink.MockedResponse[] = [
  {
    request: { query: COMPANY_FILES, variables: { companyId: 'acme', folderId: 'folder-1', page: 1, limit: 10 } },
    result: { data: { companyFiles: { __typename: 'CompanyFileCollection', totalCount: 1, collection: [file('report.pdf', null)] } } },
  },
  {
    request: { query: FOLDER, variables: { companyId: 'acme', id: 'folder-1' } },
    result: { data: { folder: folder('Invoices') } },
  },
  {
    request: { query: UPDATE_FILE, variables: { fileId: 'file-1', filename: 'summary.pdf' } },
    result: { data: { updateFile: { __typename: 'CompanyFilePayload', file: file('summary.pdf', null), errors } } },
  },
  {
    request: { query: UPDATE_FILE, variables: { fileId: 'file-1', description: 'Q1' } },
    result: { data: { updateFile: { __typename: 'CompanyFilePayload', file: file('summary.pdf', 'Q1'), errors } } },
  },
  {
    request: { query: UPDATE_FOLDER, variables: { folderId: 'folder-1', name: 'Bills' } },
    result: { data: { updateFolder: { __typename: 'FolderPayload', folder: folder('Bills'), errors } } },
  },
];

/** The folder header and the files list as the Files page reads them, and the edits. */
function FilesView({ edits }: { edits: (api: { rename: () => void; describe: () => void; renameFolder: () => void }) => void }) {
  const files = useQuery(COMPANY_FILES, { variables: { companyId: 'acme', folderId: 'folder-1', page: 1, limit: 10 } });
  const header = useQuery(FOLDER, { variables: { companyId: 'acme', id: 'folder-1' } });
  const { updateFile } = useUpdateFile();
  const { updateFolder } = useUpdateFolder();
  edits({
    rename: () => void updateFile('file-1', { filename: 'summary.pdf' }),
    describe: () => void updateFile('file-1', { description: 'Q1' }),
    renameFolder: () => void updateFolder('folder-1', { name: 'Bills' }),
  });
  return (
    <>
      <h1>{header.data?.folder?.name}</h1>
      <ul>
        {files.data?.companyFiles.collection.map((f) => (
          <li key={f.uuid}>{`${f.filename} | ${f.description ?? 'no description'}`}</li>
        ))}
      </ul>
    </>
  );
}

afterEach(cleanup);

describe('file and folder edits', () => {
  it('reach the list and the header from the answer, without asking again', async () => {
    const sent: string[] = [];
    const counter = new ApolloLink((operation, forward) => {
      sent.push(operation.operationName ?? '');
      return forward(operation);
    });
    const client = new ApolloClient({ cache: createCache(), link: ApolloLink.from([counter, new MockLink(MOCKS)]) });
    let api: Parameters<Parameters<typeof FilesView>[0]['edits']>[0] | null = null;
    render(
      <ApolloProvider client={client}>
        <FilesView edits={(a) => (api = a)} />
      </ApolloProvider>,
    );
    await waitFor(() => expect(screen.getByText('report.pdf | no description')).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Invoices' })).toBeTruthy());

    act(() => api?.rename());
    await waitFor(() => expect(screen.getByText('summary.pdf | no description')).toBeTruthy());
    act(() => api?.describe());
    await waitFor(() => expect(screen.getByText('summary.pdf | Q1')).toBeTruthy());
    act(() => api?.renameFolder());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Bills' })).toBeTruthy());

    expect(sent.sort()).toEqual(['CompanyFiles', 'Folder', 'UpdateFile', 'UpdateFile', 'UpdateFolder']);
  });
});
