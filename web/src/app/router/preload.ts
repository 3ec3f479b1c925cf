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
  const name = routeNameOf(pathname);
  if (!name) return [];
  preloadPage(name);
  return PAGE_NAMESPACES[name] ?? [];
}
