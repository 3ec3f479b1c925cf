import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../app/i18n/i18n';
import type { CompanyFileFieldsFragment } from '../../../../gql/graphql';
import { UPDATE_FILE } from '../../graphql/updateFile';
import { companyFile } from '../../utils/testFiles';
import { RenameFileModal } from './RenameFileModal';

const file: CompanyFileFieldsFragment = companyFile();

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['files']);
});

afterEach(cleanup);

const disabled = (element: HTMLElement): boolean => (element as HTMLButtonElement).disabled;

function renderModal(mocks: MockedResponse[], onClose = vi.fn()) {
  render(
    <MockedProvider mocks={mocks}>
      <App>
        <RenameFileModal file={file} onClose={onClose} />
      </App>
    </MockedProvider>,
  );
  return { onClose, input: screen.getByLabelText('File name'), save: screen.getByRole('button', { name: 'Save' }) };
}

// antd's first modal render in jsdom is slow on a busy machine.
describe('RenameFileModal', { timeout: 30_000 }, () => {
  it('keeps save disabled while the name is empty or unchanged', () => {
    const { input, save } = renderModal([]);
    expect(disabled(save)).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(disabled(save)).toBe(true);
    fireEvent.change(input, { target: { value: '  report.pdf ' } });
    expect(disabled(save)).toBe(true);
    fireEvent.change(input, { target: { value: 'summary.pdf' } });
    expect(disabled(save)).toBe(false);
  });

  it('sends the trimmed name and closes', async () => {
    const updateFile = vi.fn(() => ({
      data: { updateFile: { __typename: 'CompanyFilePayload', file: { ...file, filename: 'summary.pdf' }, errors: [] } },
    }));
    const { input, save, onClose } = renderModal([
      { request: { query: UPDATE_FILE, variables: { fileId: 'file-1', filename: 'summary.pdf' } }, result: updateFile },
    ]);
    fireEvent.change(input, { target: { value: '  summary.pdf  ' } });
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updateFile).toHaveBeenCalledTimes(1);
  });
});
