import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customer } from '../../test/fixtures';
import { initI18n } from '../i18n/i18n';
import { ProfileMenu } from './ProfileMenu';

vi.mock('../session/SessionProvider', () => ({ useInit: () => customer() }));

beforeAll(async () => {
  await initI18n('en');
});

afterEach(cleanup);

const WAIT = { timeout: 15_000 };

describe('ProfileMenu', { timeout: 30_000 }, () => {
  it('opens its menu on the first click, its chunk loaded then, and keeps the focus on the button', async () => {
    render(
      <MockedProvider>
        <MemoryRouter>
          <ProfileMenu adminPanel={false} />
        </MemoryRouter>
      </MockedProvider>,
    );
    const button = screen.getByTestId('profile-menu');
    expect(screen.queryByText('Log out')).toBeNull();
    act(() => button.focus());
    fireEvent.click(button);
    expect(await screen.findByText('Log out', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('My profile')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('profile-menu'));
  });
});
