import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { UPDATE_DYNAMIC_FIELDS } from '../graphql/companies';
import { DYNAMIC_SAVE_DEBOUNCE_MS, valueToSend } from './fields';

export type SaveState = 'idle' | 'saving' | 'saved';

export interface FieldSaver {
  /** Saves a field's value after 500 ms without a newer one for the same field. */
  readonly save: (name: string, value: unknown) => void;
  /** Server refusals by field name (their error keys). */
  readonly errors: Readonly<Record<string, string>>;
  readonly states: Readonly<Record<string, SaveState>>;
  readonly clearError: (name: string) => void;
}

/**
 * Debounced per-field saves of dynamic field values (spec 002 §5: 500 ms), each field on its
 * own timer; the server's per-field errors are kept for the field, other errors toasted.
 */
export function useFieldSaver(companyId: string, categoryId: string | null): FieldSaver {
  const [mutate] = useMutation(UPDATE_DYNAMIC_FIELDS);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [states, setStates] = useState<Record<string, SaveState>>({});

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const send = useCallback(
    async (name: string, value: unknown) => {
      setStates((s) => ({ ...s, [name]: 'saving' }));
      try {
        const { data } = await mutate({ variables: { companyId, categoryId, values: { [name]: valueToSend(value) } } });
        const answer = data?.updateDynamicFields;
        if (!answer) {
          reportUnexpectedError();
          setStates((s) => ({ ...s, [name]: 'idle' }));
          return;
        }
        const own = answer.errors.filter((e) => e.field === name);
        const other = answer.errors.filter((e) => e.field !== name);
        if (other.length > 0) reportServerErrors(other);
        setErrors((prev) => {
          const next = { ...prev };
          if (own[0]) next[name] = own[0].message;
          else delete next[name];
          return next;
        });
        setStates((s) => ({ ...s, [name]: answer.errors.length === 0 ? 'saved' : 'idle' }));
      } catch {
        reportUnexpectedError();
        setStates((s) => ({ ...s, [name]: 'idle' }));
      }
    },
    [mutate, companyId, categoryId],
  );

  const save = useCallback(
    (name: string, value: unknown) => {
      const old = timers.current.get(name);
      if (old) clearTimeout(old);
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          void send(name, value);
        }, DYNAMIC_SAVE_DEBOUNCE_MS),
      );
    },
    [send],
  );

  const clearError = useCallback((name: string) => {
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const next = { ...prev };
      delete next[name];
      return next;
    });
  }, []);

  return { save, errors, states, clearError };
}
