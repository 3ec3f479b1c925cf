import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { initials } from '../../../shared/ui/UserAvatar';
import { REMOVE_AVATAR } from '../graphql/avatar';
import { AVATAR_MAX_BYTES, AvatarField, type AvatarAnswer } from './AvatarField';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['profile', 'errors']);
});
afterEach(cleanup);

const png = (size = 10) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });
const bmp = () => new File([new Uint8Array(10)], 'me.bmp', { type: 'image/bmp' });

/** A send the test answers by hand. */
function manualSend() {
  const calls: { file: File; answer: (a: AvatarAnswer | null) => void }[] = [];
  const send = (_userId: string, file: File) =>
    new Promise<AvatarAnswer | null>((resolve) => {
      calls.push({ file, answer: resolve });
    });
  return { calls, send };
}

const pick = (file: File) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
};

const removed: MockedResponse = {
  request: { query: REMOVE_AVATAR, variables: { userId: 'u1' } },
  result: { data: { removeAvatar: { __typename: 'UpdateAvatarPayload', avatar: null, errors: [] } } },
};

describe('initials', () => {
  it('are the first letters of the first and last name', () => {
    expect(initials('Anna Maria Andersson')).toBe('AA');
    expect(initials(' carl ')).toBe('C');
    expect(initials('')).toBe('');
  });
});

/** The field with no picture yet: the sends it makes. */
function renderWithoutPicture() {
  const { calls, send } = manualSend();
  render(
    <MockedProvider mocks={[]}>
      <AvatarField userId="u1" name="Anna Andersson" avatar={null} onChanged={vi.fn()} send={send} />
    </MockedProvider>,
  );
  return calls;
}

describe('AvatarField', { timeout: 30_000 }, () => {
  it('shows initials, uploads a picked picture while the button is busy, then shows it', async () => {
    const { calls, send } = manualSend();
    const onChanged = vi.fn();
    render(
      <MockedProvider mocks={[]}>
        <AvatarField userId="u1" name="Anna Andersson" avatar={null} onChanged={onChanged} send={send} />
      </MockedProvider>,
    );
    expect(screen.getByText('AA')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove picture/ })).toBeNull();
    pick(png());
    await waitFor(() => expect(calls).toHaveLength(1));
    const button = screen.getByRole('button', { name: /Upload picture/ });
    expect(button.className).toContain('ant-btn-loading');
    await act(async () => calls[0]!.answer({ avatar: '/api/avatars/u1/abc.png', errors: [] }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Change picture/ })).toBeTruthy());
    expect(screen.getByRole('button', { name: /Change picture/ }).className).not.toContain('ant-btn-loading');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/avatars/u1/abc.png');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and keeps the picture as it was", async () => {
    const { calls, send } = manualSend();
    const onChanged = vi.fn();
    render(
      <MockedProvider mocks={[]}>
        <AvatarField userId="u1" name="Anna Andersson" avatar="/api/avatars/u1/old.png" onChanged={onChanged} send={send} />
      </MockedProvider>,
    );
    pick(png());
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () =>
      calls[0]!.answer({ errors: [{ code: 'ARGUMENT_ERROR', field: 'content', message: 'avatar_is_not_an_image' }] }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The file is not a PNG, JPEG or GIF picture.');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/avatars/u1/old.png');
    expect(onChanged).not.toHaveBeenCalled();

    // a failed request says so
    pick(png());
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]!.answer(null));
    expect((await screen.findByRole('alert')).textContent).toBe('The picture could not be saved. Try again.');
  });

  it('refuses a picture over 5 MB without sending it', async () => {
    const calls = renderWithoutPicture();
    pick(png(AVATAR_MAX_BYTES + 1));
    expect((await screen.findByRole('alert')).textContent).toBe('me.png is larger than 5 MB');
    expect(calls).toHaveLength(0);
    // 5 MB is 5 × 1024 × 1024 bytes: a picture of exactly that goes
    pick(png(5 * 1024 * 1024));
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('refuses a file that is not a PNG, JPEG or GIF picture with the file picker text, sending nothing', async () => {
    const calls = renderWithoutPicture();
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.png,.jpg,.jpeg,.gif');
    pick(bmp());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'me.bmp is not an allowed file type. Allowed types: png, jpg, jpeg, gif',
    );
    expect(calls).toHaveLength(0);
  });

  it('removes the picture: initials again', async () => {
    const onChanged = vi.fn();
    render(
      <MockedProvider mocks={[removed]}>
        <AvatarField userId="u1" name="Anna Andersson" avatar="/api/avatars/u1/old.png" onChanged={onChanged} />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Remove picture/ }));
    await waitFor(() => expect(screen.getByText('AA')).toBeTruthy());
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: /Upload picture/ })).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
