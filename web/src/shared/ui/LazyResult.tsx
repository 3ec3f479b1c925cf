import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Result carries every status illustration (about 10 kB gzip) that a page loading
// fine never shows: it is a chunk of its own, fetched when a failure or a not-found shows.
const Result = lazy(() => import('antd/es/result'));

/** antd's Result, loaded when it first shows. */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
