// The dynamic columns of workflow parameters: one per distinct parameter key among the
// loaded rows, in the order the keys first appear.

export interface WorkflowParameter {
  readonly key: string;
  readonly label: string;
  readonly value?: unknown;
}

export interface ParameterColumn {
  readonly key: string;
  readonly label: string;
}

interface WithParameters {
  readonly uuid: string;
  readonly workflowParameters?: readonly WorkflowParameter[] | null;
}

export function parameterColumns(rows: readonly WithParameters[]): ParameterColumn[] {
  const seen = new Map<string, string>();
  for (const row of rows) {
    for (const p of row.workflowParameters ?? []) {
      if (!seen.has(p.key)) seen.set(p.key, p.label || p.key);
    }
  }
  return [...seen].map(([key, label]) => ({ key, label }));
}

/** A row's value of a parameter as text ('' when the row has none). */
export function parameterText(row: WithParameters, key: string): string {
  const value = row.workflowParameters?.find((p) => p.key === key)?.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
