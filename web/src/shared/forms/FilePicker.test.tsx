import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, Button } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n/i18n';
import { FilePicker } from './FilePicker';
import type { FileLimits } from './filePick';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);
const SLOW = { timeout: 10_000 };

function Harness({ limits, onReject }: { readonly limits: FileLimits; readonly onReject?: (texts: string[]) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <App>
      <FilePicker {...limits} value={files} onChange={setFiles} onReject={onReject}>
        <Button>Attach files</Button>
      </FilePicker>
      <output data-testid="names">{files.map((f) => f.name).join(',')}</output>
    </App>
  );
}

const pick = (...files: File[]) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
};
const file = (name: string, bytes = 4) => new File(['x'.repeat(bytes)], name, { type: 'application/octet-stream' });
const names = () => screen.getByTestId('names').textContent;

describe('FilePicker', { timeout: 30_000 }, () => {
  it('takes the allowed extensions within the size limit, a name once, and says why others are refused', async () => {
    const onReject = vi.fn();
    render(<Harness limits={{ extensions: ['csv', 'pdf'], maxSize: 1, sizeUnit: 1000 }} onReject={onReject} />);
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.csv,.pdf');
    pick(file('a.csv'), file('b.exe'), file('big.pdf', 1000 * 1024 + 1));
    await vi.waitFor(() => expect(names()).toBe('a.csv'), SLOW);
    await vi.waitFor(
      () =>
        expect(onReject).toHaveBeenCalledWith([
          'b.exe is not an allowed file type. Allowed types: csv, pdf',
          'big.pdf is larger than 1 MB',
        ]),
      SLOW,
    );
    pick(file('a.csv'), file('c.pdf'));
    await vi.waitFor(() => expect(names()).toBe('a.csv,c.pdf'), SLOW);
  });

  it('keeps the last maxCount files and shows refusals as toasts without onReject', async () => {
    render(<Harness limits={{ maxCount: 2, extensions: ['xml'] }} />);
    pick(file('one.xml'));
    pick(file('two.xml'), file('three.xml'));
    await vi.waitFor(() => expect(names()).toBe('two.xml,three.xml'), SLOW);
    pick(file('notes.txt'));
    await screen.findByText('notes.txt is not an allowed file type. Allowed types: xml', {}, SLOW);
  });

  it('lists long names by their first 15 and last 7 characters, removable by the whole name', async () => {
    render(<Harness limits={{}} />);
    pick(file('annual-report-2026-final-v2.pdf'), file('memo.pdf'));
    await screen.findByText('annual-report-2…-v2.pdf', {}, SLOW);
    expect(screen.getByText('memo.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove annual-report-2026-final-v2.pdf' }));
    await vi.waitFor(() => expect(names()).toBe('memo.pdf'), SLOW);
  });
});
