import { CalendarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer, its list and its texts load when it first opens: the inbox's first load goes without.
const ComingUpDrawer = lazy(async () => ({ default: (await import('./ComingUpDrawer')).ComingUpDrawer }));

export interface ComingUpButtonProps {
  /** The companies looked at; undefined: all the viewer's. */
  readonly companyIds: readonly string[] | undefined;
  /** A phone's header: the icon alone, its label read out. */
  readonly compact?: boolean;
}

/** Opens Coming up, the tasks scheduled workflows will open, from the inbox's header. */
export function ComingUpButton({ companyIds, compact = false }: ComingUpButtonProps) {
  const { t } = useTranslation('inbox');
  const [state, setState] = useState<'closed' | 'open' | 'closing'>('closed');
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        icon={<CalendarOutlined />}
        aria-haspopup="dialog"
        aria-expanded={state === 'open'}
        aria-label={compact ? t('coming_up.button') : undefined}
        onClick={() => setState('open')}
      >
        {compact ? null : t('coming_up.button')}
      </Button>
      {state !== 'closed' && (
        <Suspense fallback={null}>
          <ComingUpDrawer
            open={state === 'open'}
            companyIds={companyIds}
            onClose={() => setState('closing')}
            afterClose={() => {
              setState('closed');
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
