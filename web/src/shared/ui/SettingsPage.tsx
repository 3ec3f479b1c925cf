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
  /**
   * The page's own breadcrumb. Without one the page is a view inside a frame that draws the
   * breadcrumb and the first heading (the company card), so its title is a second-level heading.
   */
  readonly breadcrumb?: BreadcrumbItemType[];
  /** A link back to the view this one belongs to, above a framed page's title. */
  readonly back?: ReactNode;
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
export function SettingsPage({ breadcrumb, back, title, subtitle, state, children }: SettingsPageProps) {
  useDocumentTitle(title);
  const crumbs = breadcrumb ? <Breadcrumb items={breadcrumb} /> : back;
  const level = breadcrumb ? 1 : 2;
  const Heading = breadcrumb ? 'h1' : 'h2';
  if (state.kind === 'failed' || state.kind === 'missing') {
    return (
      <Flex vertical gap="middle">
        {crumbs}
        <Result
          status={state.kind === 'failed' ? 'error' : '404'}
          title={<Heading style={{ font: 'inherit', margin: 0 }}>{state.title}</Heading>}
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
        <Typography.Title level={level} style={{ fontSize: breadcrumb ? 24 : 20, margin: 0 }}>
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
