import { useMutation } from '@apollo/client/react';
import { App, Button } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { UNDO_DELETE_ATTACHMENTS } from '../graphql/attachmentsAdmin';
import { dropOffer, openOffers, saveOffer, UNDO_WINDOW_MS, type UndoOffer } from '../utils/undoOffers';

/** Spec 002 §9: the restored-files toast lasts 10 s. */
const RESTORED_TOAST_S = 10;

/**
 * The undo offers of a company's system deletions: a toast with Undo for the time left of each
 * one's minute, shown again after a reload (the offers live in local storage).
 */
export function useUndoOffers(companyId: string, onRestored: () => void): { readonly offer: (id: string, count: number) => void } {
  const { t } = useTranslation('attachmentsAdmin');
  const { notification } = App.useApp();
  const [undo] = useMutation(UNDO_DELETE_ATTACHMENTS);

  const show = useCallback(
    (o: UndoOffer) => {
      const left = o.until - Date.now();
      if (left <= 0) return;
      const key = `attachments-undo-${o.id}`;
      notification.info({
        key,
        title: t('undo.title', { count: o.count }),
        description: t('undo.text'),
        duration: left / 1000,
        onClose: () => {
          if (Date.now() >= o.until) dropOffer(o.id);
        },
        actions: (
          <Button
            type="primary"
            size="small"
            data-testid="undo-delete-attachments"
            onClick={async () => {
              notification.destroy(key);
              const answer = (await undo({ variables: { id: o.id } }).catch(() => null))?.data?.undoDeleteAttachments;
              dropOffer(o.id);
              if (answer?.errors.length) {
                reportServerErrors(answer.errors);
                return;
              }
              if (!answer?.success) {
                reportUnexpectedError();
                return;
              }
              notification.success({
                key: `${key}-done`,
                title: t('undo.restored', { count: answer.attachmentIds.length }),
                duration: RESTORED_TOAST_S,
              });
              onRestored();
            }}
          >
            {t('undo.action')}
          </Button>
        ),
      });
    },
    [notification, t, undo, onRestored],
  );

  // After a reload: the offers still open, for the time they have left.
  useEffect(() => {
    for (const o of openOffers(companyId, Date.now())) show(o);
  }, [companyId]);

  const offer = useCallback(
    (id: string, count: number) => {
      const o = { id, companyId, count, until: Date.now() + UNDO_WINDOW_MS };
      saveOffer(o, Date.now());
      show(o);
    },
    [companyId, show],
  );
  return { offer };
}
