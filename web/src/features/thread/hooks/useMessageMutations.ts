import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { CREATE_MESSAGE } from '../graphql/createMessage';
import { DELETE_MESSAGE } from '../graphql/deleteMessage';
import { TOGGLE_EMOJI_REACTION } from '../graphql/toggleEmojiReaction';
import { UPDATE_MESSAGE } from '../graphql/updateMessage';
import { sendMultipart } from '../utils/multipartUpload';
import { replyableData, type ReplyTarget } from '../utils/reply';
import type { ThreadActivity } from '../utils/types';
import { succeeded } from './useTaskMutations';

interface MutationErrorLike {
  readonly code: string;
  readonly message: string;
  readonly field?: string | null;
  readonly entityType?: string | null;
}

export interface SendMessageInput {
  readonly html: string;
  readonly image?: File | null;
  readonly replyTo?: ReplyTarget | null;
}

/**
 * Sends a message (with an image: as a multipart request). Resolves the new activity,
 * or null when it failed (the toast has been shown; the composer keeps the text).
 */
export function useSendMessage(taskId: string, onSent: (activity: ThreadActivity) => void) {
  const [mutate, { loading }] = useMutation(CREATE_MESSAGE);
  const send = useCallback(
    async ({ html, image, replyTo }: SendMessageInput): Promise<ThreadActivity | null> => {
      const variables = { taskId, message: html || null, replyableData: replyableData(replyTo ?? null) };
      try {
        let payload: { activity: ThreadActivity | null; errors: readonly MutationErrorLike[] } | null | undefined;
        if (image) {
          const answer = await sendMultipart<{ createMessage: typeof payload }>(
            CREATE_MESSAGE,
            { ...variables, image: null },
            [{ path: 'variables.image', file: image }],
          );
          if (answer.errors?.length) {
            reportServerErrors(
              answer.errors.map((e) => ({ code: String(e.extensions?.['code'] ?? ''), message: e.message })),
            );
            return null;
          }
          payload = answer.data?.createMessage;
        } else {
          payload = (await mutate({ variables })).data?.createMessage;
        }
        if (!succeeded(payload) || !payload?.activity) return null;
        onSent(payload.activity);
        return payload.activity;
      } catch {
        if (image) reportUnexpectedError();
        return null;
      }
    },
    [mutate, onSent, taskId],
  );
  return { send, sending: loading };
}

export function useEditMessage(taskId: string, onEdited: (activity: ThreadActivity) => void) {
  const [mutate, { loading }] = useMutation(UPDATE_MESSAGE);
  const edit = useCallback(
    async (messageId: string, html: string, removeImage: boolean): Promise<boolean> => {
      try {
        const payload = (await mutate({ variables: { taskId, messageId, message: html, removeImage } })).data
          ?.updateMessage;
        if (!succeeded(payload)) return false;
        if (payload?.activity) onEdited(payload.activity);
        return true;
      } catch {
        return false;
      }
    },
    [mutate, onEdited, taskId],
  );
  return { edit, saving: loading };
}

export function useDeleteMessage(taskId: string, onDeleted: (activityId: string) => void) {
  const [mutate, { loading }] = useMutation(DELETE_MESSAGE);
  const remove = useCallback(
    async (messageId: string, activityId: string): Promise<boolean> => {
      try {
        const payload = (await mutate({ variables: { taskId, messageId } })).data?.deleteMessage;
        if (!succeeded(payload)) return false;
        if (!payload?.success) {
          reportUnexpectedError();
          return false;
        }
        onDeleted(activityId);
        return true;
      } catch {
        return false;
      }
    },
    [mutate, onDeleted, taskId],
  );
  return { deleteMessage: remove, deleting: loading };
}

export function useToggleReaction(onChanged: (activity: ThreadActivity) => void) {
  const [mutate] = useMutation(TOGGLE_EMOJI_REACTION);
  return useCallback(
    async (activityId: string, emoji: string): Promise<void> => {
      try {
        const payload = (await mutate({ variables: { activityId, emoji } })).data?.toggleEmojiReaction;
        if (succeeded(payload) && payload?.activity) onChanged(payload.activity);
      } catch {
        // the error link has shown the toast
      }
    },
    [mutate, onChanged],
  );
}
