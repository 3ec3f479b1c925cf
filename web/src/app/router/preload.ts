import { loadThreadPane } from '../../features/thread/lazy';
import { matchRoute } from './guards';
import { preloadPage } from './pages';
import type { RouteName } from './routeTable';

// Translation namespaces a page suspends on at its first render, beyond the shell's.
const PAGE_NAMESPACES: Partial<Record<RouteName, readonly string[]>> = {
  Inbox: ['inbox', 'thread'],
  Tasks: ['tasks', 'inbox', 'thread'],
  Files: ['files'],
  Workflows: ['workflows'],
  WorkflowCompanies: ['workflows'],
  // the canvas pages: their query starts only once these are here
  CreateWorkflow: ['workflowDesigner'],
  EditWorkflow: ['workflowDesigner'],
  WorkflowDetails: ['workflowDesigner', 'workflowRuns'],
  AgentWorkflowDetails: ['workflowDesigner', 'workflowRuns'],
  WorkflowForecast: ['workflowForecast'],
  WorkflowInsights: ['workflowInsights', 'workflowDesigner'],
  WorkflowsInsights: ['workflowInsights', 'workflowDesigner'],
};

// Parts a page renders on its first render when its address names them (the open thread of
// /inbox/:id), fetched with the page's chunk instead of once the page has rendered.
const OPENED_PARTS: Partial<Record<RouteName, { readonly param: string; readonly load: () => Promise<unknown> }>> = {
  Inbox: { param: 'inbox_task_id', load: loadThreadPane },
  Tasks: { param: 'inbox_task_id', load: loadThreadPane },
};

/** The route an address opens, if any. */
export function routeNameOf(pathname: string): RouteName | null {
  return matchRoute(pathname).route?.name ?? null;
}

/**
 * Starts fetching what the first page of a visit needs (its chunk) while the app boots,
 * and says which translation namespaces to load with the shell's. Without it, the page's
 * chunk and its translations were fetched one after the other, each after init.json.
 */
export function preloadFirstPage(pathname: string): readonly string[] {
  const { route, params } = matchRoute(pathname);
  const name = route?.name;
  if (!name) return [];
  preloadPage(name);
  const part = OPENED_PARTS[name];
  if (part && params[part.param]) {
    void part.load().catch(() => {
      // The page's own lazy import reports the failure when it renders.
    });
  }
  return PAGE_NAMESPACES[name] ?? [];
}
