import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppFrame } from '../layout/AppFrame';
import { BareFrame, LiteFrame } from '../layout/LiteFrame';
import { AppRoot, RouteErrorPage } from './AppRoot';
import { COMPANY_CARD_ROUTES } from '../../features/companies';
import { CompanyCardFrame, NotFoundPage, PAGES } from './pages';
import { ROUTES, type RouteLayout } from './routeTable';

const routesOf = (layout: RouteLayout): RouteObject[] =>
  ROUTES.filter((r) => r.meta.layout === layout).map((r) => ({
    path: r.path,
    handle: r.meta,
    Component: PAGES[r.meta.name],
  }));

/** Admin routes; the company card's child views render inside the card (spec 002 §2.1). */
function adminRoutes(): RouteObject[] {
  const all = routesOf('admin');
  const inCard = (r: RouteObject) => ROUTES.some((def) => def.path === r.path && COMPANY_CARD_ROUTES.includes(def.meta.name));
  return [...all.filter((r) => !inCard(r)), { Component: CompanyCardFrame, children: all.filter(inCard) }];
}

const PortalFrame = () => <AppFrame variant="portal" />;
const AdminFrame = () => <AppFrame variant="admin" />;

export const routes: RouteObject[] = [
  {
    Component: AppRoot,
    errorElement: <RouteErrorPage />,
    children: [
      { Component: PortalFrame, children: [...routesOf('main'), { path: '*', Component: NotFoundPage }] },
      { Component: AdminFrame, children: adminRoutes() },
      { Component: LiteFrame, children: routesOf('lite') },
      { Component: BareFrame, children: routesOf('bare') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
