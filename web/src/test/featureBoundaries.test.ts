/// <reference types="node" />
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, checkTree, formatViolations, webSrc } from './featureBoundaries';

describe('feature boundaries', () => {
  it('every import of a feature from outside it goes through its index.ts or lazy.ts', () => {
    expect(formatViolations(checkTree(webSrc))).toBe('');
  });

  it('every feature folder has an index.ts as its public face', () => {
    const features = join(webSrc, 'features');
    const lacking = readdirSync(features, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((name) => !existsSync(join(features, name, 'index.ts')) && !existsSync(join(features, name, 'index.tsx')));
    expect(lacking).toEqual([]);
  });

  it('finds a deep import from another feature, app/ and a dynamic import', () => {
    const found = checkFile(
      'features/inbox/pages/InboxPage.tsx',
      [
        "import { SearchBox } from '../../task-list/SearchBox';",
        "import { statusLabel } from '../../task-list';",
        "import { ownThing } from '../list/ownThing';",
        "const Modal = lazy(() => import('../../thread/new-thread/NewThreadModal'));",
        "import { loadThreadPane } from '../../thread/lazy';",
      ].join('\n'),
    );
    expect(found.map((v) => [v.line, v.specifier])).toEqual([
      [1, '../../task-list/SearchBox'],
      [4, '../../thread/new-thread/NewThreadModal'],
    ]);
    expect(checkFile('app/layout/Sidebar.tsx', "import type { X } from '../../features/inbox/hooks/useX';")).toHaveLength(1);
    expect(checkFile('app/layout/Sidebar.tsx', "import { useX } from '../../features/inbox';")).toHaveLength(0);
  });

  it('counts a sub-folder as its feature and keeps shared/ free of features', () => {
    expect(checkFile('features/workflows/canvas/Node.tsx', "import { x } from '../insights/utils/x';")).toHaveLength(0);
    expect(checkFile('shared/ui/Thing.tsx', "import { x } from '../../features/inbox';")).toHaveLength(1);
  });

  it('allows only loaders in lazy.ts', () => {
    expect(checkFile('features/tasks/lazy.ts', "export const loadTasksPage = () => import('./pages/TasksPage');")).toHaveLength(0);
    expect(checkFile('features/tasks/lazy.ts', "export { TasksPage } from './pages/TasksPage';")).toHaveLength(1);
  });
});
