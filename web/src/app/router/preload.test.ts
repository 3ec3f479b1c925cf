import { describe, expect, it } from 'vitest';
import { routeNameOf } from './preload';

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
