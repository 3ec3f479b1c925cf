import './SkeletonCell.css';

/** A skeleton row's cell: a pulsing bar (its own module, so the tasks table loads no antd Table or Skeleton for it). */
export function SkeletonCell() {
  return <span className="portico-skeleton-bar" aria-hidden />;
}
