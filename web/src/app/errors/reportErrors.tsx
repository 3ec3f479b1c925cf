import { Button } from 'antd';
import { i18n } from '../i18n/i18n';
import { signalDomainChanged } from './domainChanged';
import { notifier } from './notifier';
import {
  ERROR_TOAST_DURATION_S,
  describeServerError,
  describeUnexpectedError,
  type ErrorToast,
  type ServerErrorLike,
} from './serverErrors';

export interface ReportOptions {
  /** Offers a Retry button on the toast. */
  readonly onRetry?: () => void;
}

function show(toast: ErrorToast, options: ReportOptions): void {
  const key = `${toast.title}\u0000${toast.description}`;
  const api = notifier();
  const onRetry = options.onRetry;
  api.error({
    key,
    title: toast.title,
    description: toast.description,
    duration: ERROR_TOAST_DURATION_S,
    actions: onRetry ? (
      <Button
        size="small"
        onClick={() => {
          api.destroy(key);
          onRetry();
        }}
      >
        {i18n.t('retry', { ns: 'errors' })}
      </Button>
    ) : undefined,
  });
}

/** Shows one toast per distinct error (a mutation's errors list or GraphQL errors). */
export function reportServerErrors(errors: readonly ServerErrorLike[], options: ReportOptions = {}): void {
  const seen = new Set<string>();
  for (const error of errors) {
    const toast = describeServerError(error, i18n);
    // Once the app is ready, a forbidden domain is the domain-changed modal, not a toast.
    if (toast.code === 'FORBIDDEN_DOMAIN' && signalDomainChanged()) continue;
    const key = `${toast.title}\u0000${toast.description}`;
    if (seen.has(key)) continue;
    seen.add(key);
    show(toast, options);
  }
}

/** Shows the generic "Something went wrong" toast. */
export function reportUnexpectedError(options: ReportOptions = {}): void {
  show(describeUnexpectedError(i18n), options);
}
