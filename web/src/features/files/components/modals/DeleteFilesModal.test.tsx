import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../app/i18n/i18n';
import { COMPANY_FILES } from '../../graphql/companyFiles';
import { DELETE_FILES } from '../../graphql/deleteFiles';
import { DeleteFilesModal } from './DeleteFilesModal';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['files']);
});
afterEach(cleanup);

const mine = { uuid: 'f-mine', filename: 'mine.txt', canDestroy: true };
const theirs = { uuid: 'f-theirs', filename: 'theirs.txt', canDestroy: false };
const refetch: MockedResponse = {
  request: { query: COMPANY_FILES, variables: () => true },
  result: { data: { companyFiles: { totalCount: 0, collection: [] } } },
};

function renderModal(files: (typeof mine)[], mocks: MockedResponse[] = []) {
  const onDeleted = vi.fn();
  const onClose = vi.fn();
  render(
    <MockedProvider mocks={mocks}>
      <App>
        <DeleteFilesModal companyId="acme" files={files} onDeleted={onDeleted} onClose={onClose} />
      </App>
    </MockedProvider>,
  );
  return { onDeleted, onClose };
}

// antd's first modal render in jsdom is slow on a busy machine.
describe('DeleteFilesModal', { timeout: 30_000 }, () => {
  it('names the files the user may not delete and disables confirm when none is allowed', () => {
    renderModal([theirs]);
    expect(screen.getByText('theirs.txt')).toBeTruthy();
    expect(screen.getByText(/You may not delete 1 of the chosen files/)).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Delete 0 files' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
  });

  it('deletes only the permitted files', async () => {
    const deleteFiles = vi.fn(() => ({
      data: {
        deleteFiles: { success: true, deletedIds: ['f-mine'], notAllowedFiles: [], errors: [] },
      },
    }));
    const { onDeleted, onClose } = renderModal(
      [mine, theirs],
      [{ request: { query: DELETE_FILES, variables: { companyId: 'acme', fileIds: ['f-mine'] } }, result: deleteFiles }, refetch],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete 1 file' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(deleteFiles).toHaveBeenCalledTimes(1);
    expect(onDeleted).toHaveBeenCalledWith(['f-mine']);
  });

  it('stays open when the server refuses', async () => {
    const { onClose } = renderModal(
      [mine],
      [
        {
          request: { query: DELETE_FILES, variables: { companyId: 'acme', fileIds: ['f-mine'] } },
          result: {
            data: {
              deleteFiles: {
                success: false,
                deletedIds: [],
                notAllowedFiles: [],
                errors: [{ code: 'ACCESS_DENIED', message: 'access_denied', field: null, entityType: null }],
              },
            },
          },
        },
      ],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete 1 file' }));
    await waitFor(() => expect(screen.getByText('Error')).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
  });
});
