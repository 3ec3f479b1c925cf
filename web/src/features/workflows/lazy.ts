// The feature's entries loaded on demand (import()): each loader is its own chunk, so a
// route or a pane fetches only what it shows. Only loaders here, no static imports
// (docs/decisions/0126-feature-boundaries.md).
export const loadCanvasPages = () => import('./canvasPages');
export const loadCompanyWorkflowRunsPage = () => import('./runs/CompanyWorkflowRunsPage');
export const loadCompanyWorkflowsPage = () => import('./company/CompanyWorkflowsPage');
export const loadInsightsPages = () => import('./insights/insightsPages');
export const loadWorkflowCompaniesPage = () => import('./companies/WorkflowCompaniesPage');
export const loadWorkflowForecastPage = () => import('./forecast/WorkflowForecastPage');
export const loadWorkflowsPage = () => import('./list/WorkflowsPage');
