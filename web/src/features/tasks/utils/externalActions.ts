// InboxTask.externalActions (JSON): the actions of external applications a workflow
// task offers, each opened in an embedded frame.

export interface ExternalAction {
  /** The application's id. */
  readonly id: string;
  readonly actionKey: string;
  readonly label: string;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The well-formed actions of a task's externalActions value (anything else is ignored). */
export function externalActionsOf(value: unknown): ExternalAction[] {
  if (!Array.isArray(value)) return [];
  const out: ExternalAction[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { id, actionKey, label } = item as Record<string, unknown>;
    if (isText(id) && isText(actionKey)) out.push({ id, actionKey, label: isText(label) ? label : actionKey });
  }
  return out;
}
