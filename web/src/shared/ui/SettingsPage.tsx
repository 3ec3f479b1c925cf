import { Breadcrumb, Button, Flex, Result, Skeleton, Typography } from 'antd';
import type { BreadcrumbItemType } from 'antd/es/breadcrumb/Breadcrumb';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export type SettingsPageState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly title: string; readonly retryLabel: string; readonly onRetry: () => void }
  | { readonly kind: 'missing'; readonly title: string }
  | { readonly kind: 'ready' };

export interface SettingsPageProps {
  readonly breadcrumb: BreadcrumbItemType[];
  /** The page's translated title (also the document's). */
  readonly title: string;
  readonly subtitle?: ReactNode;
  readonly state: SettingsPageState;
  readonly children?: ReactNode;
}

/** Settings pages are a readable column, not the full width of a wide screen. */
const MAX_WIDTH = 820;

/**
 * The frame every settings page shares: breadcrumb, title and subtitle, then a skeleton
 * while loading, a retry when loading failed, a not-found, or the page's content.
 */
export function SettingsPage({ breadcrumb, title, subtitle, state, children }: SettingsPageProps) {
  useDocumentTitle(title);
  const crumbs = <Breadcrumb items={breadcrumb} />;
  if (state.kind === 'failed' || state.kind === 'missing') {
    return (
      <Flex vertical gap="middle">
        {crumbs}
        <Result
          status={state.kind === 'failed' ? 'error' : '404'}
          title={<h1 style={{ font: 'inherit', margin: 0 }}>{state.title}</h1>}
          extra={
            state.kind === 'failed' ? (
              <Button type="primary" onClick={state.onRetry}>
                {state.retryLabel}
              </Button>
            ) : null
          }
        />
      </Flex>
    );
  }
  return (
    <Flex vertical gap="middle" style={{ maxWidth: MAX_WIDTH }}>
      {crumbs}
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {state.kind === 'loading' ? <Skeleton active paragraph={{ rows: 6 }} /> : children}
    </Flex>
  );
}

/**
 * A card's title as the page's second heading level, in the card's own type style. It wraps
 * rather than being cut short on a phone.
 */
export function SectionTitle({ children }: { readonly children: ReactNode }) {
  return <h2 style={{ font: 'inherit', margin: 0, whiteSpace: 'normal', paddingBlock: 8 }}>{children}</h2>;
}
