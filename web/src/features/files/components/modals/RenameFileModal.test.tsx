import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../app/i18n/i18n';
import type { CompanyFileFieldsFragment } from '../../../../gql/graphql';
import { UPDATE_FILE } from '../../graphql/updateFile';
import { companyFile } from '../../utils/testFiles';
import { DescriptionModal } from './DescriptionModal';
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

  it('answers a name of spaces with the rule message and, on Enter, the invalid-submit notice, sending nothing', async () => {
    const updateFile = vi.fn(() => ({ data: { updateFile: { __typename: 'CompanyFilePayload', file, errors: [] } } }));
    const { input, save, onClose } = renderModal([
      { request: { query: UPDATE_FILE, variables: () => true }, result: updateFile },
    ]);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(await screen.findByText('This field cannot be empty')).toBeTruthy();
    expect(disabled(save)).toBe(true);
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('Some fields contain errors. Correct the errors and try again')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    expect(await screen.findByText('The field is required.')).toBeTruthy();
    expect(updateFile).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('DescriptionModal', { timeout: 30_000 }, () => {
  it('refuses a description of spaces with the rule message, Save disabled', async () => {
    render(
      <MockedProvider mocks={[]}>
        <App>
          <DescriptionModal file={{ uuid: 'file-1', filename: 'report.pdf', description: 'Q1 figures' }} onClose={vi.fn()} />
        </App>
      </MockedProvider>,
    );
    const input = screen.getByLabelText('Description of report.pdf');
    expect((input as HTMLTextAreaElement).value).toBe('Q1 figures');
    fireEvent.change(input, { target: { value: '  ' } });
    expect(await screen.findByText('This field cannot be empty')).toBeTruthy();
    expect(disabled(screen.getByRole('button', { name: 'Save' }))).toBe(true);
  });
});
