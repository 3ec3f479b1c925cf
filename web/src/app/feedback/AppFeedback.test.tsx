import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFeedback } from './AppFeedback';

afterEach(cleanup);

function Asker() {
  const { modal, message, notification } = App.useApp();
  return (
    <>
      <Button onClick={() => modal.confirm({ title: 'Delete the file?', content: 'It goes for good.' })}>confirm</Button>
      <Button onClick={() => void message.success('Saved')}>message</Button>
      <Button onClick={() => notification.error({ title: 'Upload failed' })}>notify</Button>
    </>
  );
}

describe('AppFeedback', () => {
  it("gives App.useApp() antd App's modal, message and notification, loaded on first use", async () => {
    const { container } = render(
      <AppFeedback>
        <Asker />
      </AppFeedback>,
    );
    expect(container.querySelector('.ant-app')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(await screen.findByText('Upload failed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'confirm' }));
    fireEvent.click(screen.getByRole('button', { name: 'message' }));
    expect(await screen.findByText('It goes for good.', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
