import { describe, expect, it, vi } from 'vitest';
import { preloadFirstPage, routeNameOf } from './preload';

describe('routeNameOf', () => {
  it.each([
    ['/0b7e6d2c-1111-4c1e-9a57-000000000001/inbox', 'Inbox'],
    ['/0b7e6d2c-1111-4c1e-9a57-000000000001/inbox/0b7e6d2c-2222-4c1e-9a57-000000000002', 'Inbox'],
    ['/inbox', 'Inbox'],
    ['/0b7e6d2c-1111-4c1e-9a57-000000000001/tasks', 'Tasks'],
    ['/0b7e6d2c-1111-4c1e-9a57-000000000001/shared-files', 'Files'],
    ['/login', 'Login'],
    ['/workflows/0b7e6d2c-3333-4c1e-9a57-000000000003/edit', 'EditWorkflow'],
    ['/workflows/create', 'CreateWorkflow'],
  ])('%s opens %s', (path, name) => {
    expect(routeNameOf(path)).toBe(name);
  });

  it('knows no route for an unknown address', () => {
    expect(routeNameOf('/a/b/c/d/e/f')).toBeNull();
  });
});

const loaded = vi.hoisted(() => ({ pages: [] as string[], thread: 0 }));
vi.mock('./pages', () => ({ preloadPage: (name: string) => loaded.pages.push(name) }));
vi.mock('../../features/thread/components/ThreadPane', () => {
  loaded.thread += 1;
  return {};
});

describe('preloadFirstPage', () => {
  it("fetches the page's chunk and says its namespaces", () => {
    expect(preloadFirstPage('/inbox')).toEqual(['inbox', 'thread']);
    expect(preloadFirstPage('/login')).toEqual([]);
    expect(loaded.pages).toEqual(['Inbox', 'Login']);
  });

  it('fetches the thread pane with the page when the address names a thread', async () => {
    preloadFirstPage('/0b7e6d2c-1111-4c1e-9a57-000000000001/inbox');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded.thread).toBe(0);
    preloadFirstPage('/0b7e6d2c-1111-4c1e-9a57-000000000001/inbox/0b7e6d2c-2222-4c1e-9a57-000000000002');
    await vi.waitFor(() => expect(loaded.thread).toBe(1));
  });
});
