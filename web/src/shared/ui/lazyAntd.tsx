import type { AlertProps, FloatButtonProps, ResultProps } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

// antd components that a page's first render does not show (a failure, a phone's button):
// each is a chunk of its own, fetched when it first shows, so the first load goes without.
function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Component = lazy(load);
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

/** antd's Result: it carries every status illustration (about 10 kB gzip). */
export const LazyResult = lazyComponent<ResultProps>(() => import('antd/es/result'));

/** antd's Alert, for a failure shown in place. */
export const LazyAlert = lazyComponent<AlertProps>(() => import('antd/es/alert'));

/** antd's FloatButton (the mobile layout's round buttons). */
export const LazyFloatButton = lazyComponent<FloatButtonProps>(() => import('antd/es/float-button'));
