import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppFrame } from '../layout/AppFrame';
import { BareFrame, LiteFrame } from '../layout/LiteFrame';
import { AppRoot, RouteErrorPage } from './AppRoot';
import { NotFoundPage, PAGES } from './pages';
import { ROUTES, type RouteLayout } from './routeTable';

const routesOf = (layout: RouteLayout): RouteObject[] =>
  ROUTES.filter((r) => r.meta.layout === layout).map((r) => ({
    path: r.path,
    handle: r.meta,
    Component: PAGES[r.meta.name],
  }));

const PortalFrame = () => <AppFrame variant="portal" />;
const AdminFrame = () => <AppFrame variant="admin" />;

export const routes: RouteObject[] = [
  {
    Component: AppRoot,
    errorElement: <RouteErrorPage />,
    children: [
      { Component: PortalFrame, children: [...routesOf('main'), { path: '*', Component: NotFoundPage }] },
      { Component: AdminFrame, children: routesOf('admin') },
      { Component: LiteFrame, children: routesOf('lite') },
      { Component: BareFrame, children: routesOf('bare') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
