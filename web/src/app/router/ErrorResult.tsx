import { Result } from 'antd';
import type { ReactNode } from 'react';

/**
 * The root's error screens (init failed, aborted navigation, a route that threw). Its own
 * chunk, loaded only when one shows: antd's Result carries every status illustration, which
 * a first visit that goes well never needs.
 */
export function ErrorResult({ title, subTitle, extra }: { title: string; subTitle?: string; extra?: ReactNode }) {
  return <Result status="error" title={<h1 style={{ font: 'inherit', margin: 0 }}>{title}</h1>} subTitle={subTitle} extra={extra} />;
}
