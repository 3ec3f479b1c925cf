import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The open dialog that shows text, apart from those in but, once there. In tests antd labels
 * every dialog by the first one's title (they share the test id), so a name cannot find a
 * confirmation opened over another dialog.
 */
export function dialogWith(text: string | RegExp, but: readonly HTMLElement[] = []): Promise<HTMLElement> {
  return waitFor(() => {
    const open = screen.getAllByRole('dialog').filter((d) => !but.includes(d) && within(d).queryAllByText(text).length > 0);
    expect(open).toHaveLength(1);
    return open[0] as HTMLElement;
  });
}
