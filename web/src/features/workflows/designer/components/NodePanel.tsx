import { Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import { structureParameters } from '../../canvas/structure';
import {
  ANCHOR_DATE_TYPES,
  ASSIGNEE_TYPES,
  DUE_DATE_TYPES,
  HOLIDAY_HANDLINGS,
  OPERATORS,
  type AnchorDate,
  type ConditionData,
  type DueDateRule,
  type TaskApplication,
  type TaskData,
  type WaitData,
  type WorkflowEdge,
  type WorkflowNode,
} from '../../canvas/types';
import { WORKFLOW_ASSIGNEE_USERS } from '../graphql/editorOptions';
import { Field } from './Field';
import { useClearable } from '../../../../shared/forms/useClearable';

export interface EditorOptions {
  readonly categories: readonly { id: string; name: string }[];
  readonly applications: readonly { id: string; name: string; actions: readonly { key: string; label: string }[] }[];
  readonly anchorFields: readonly { id: string; title: string }[];
}

interface NodePanelProps {
  readonly node: WorkflowNode;
  readonly nodes: readonly WorkflowNode[];
  readonly edges: readonly WorkflowEdge[];
  readonly options: EditorOptions;
  /** Merges into the node's data; key groups typing into one undo step. */
  readonly onChange: (nodeId: string, patch: Record<string, unknown>, key: string) => void;
}

const APP_SEPARATOR = '|';

/** actionKey | appId strings (spec 002 §3) to the stored {id, actions[]} list and back. */
export function applicationValues(apps: readonly TaskApplication[] | undefined): string[] {
  return (apps ?? []).flatMap((a) => a.actions.map((action) => `${action}${APP_SEPARATOR}${a.id}`));
}

export function applicationsFrom(values: readonly string[]): TaskApplication[] {
  const out: TaskApplication[] = [];
  for (const v of values) {
    const at = v.lastIndexOf(APP_SEPARATOR);
    const action = v.slice(0, at);
    const id = v.slice(at + 1);
    const app = out.find((a) => a.id === id);
    if (app) app.actions.push(action);
    else out.push({ id, actions: [action] });
  }
  return out;
}

function AnchorDateFields({
  value,
  onChange,
}: {
  value: AnchorDate | undefined;
  onChange: (next: AnchorDate) => void;
}) {
  const { t } = useTranslation('workflowDesigner');
  const current: AnchorDate = value ?? { day_number: 1, date_type: 'day_of_month', holiday_handling: 'previous_weekday' };
  return (
    <>
      <Field label={t('field.anchor_type')}>
        <Select
          value={current.date_type}
          options={ANCHOR_DATE_TYPES.map((d) => ({ value: d, label: t(`anchor.${d}`, { day: 'n' }) }))}
          // changing the type resets the day number to 1 (spec 002 §4)
          onChange={(date_type) => onChange({ ...current, date_type, day_number: 1 })}
        />
      </Field>
      <Field label={t('field.anchor_day')}>
        <InputNumber min={1} max={31} value={current.day_number} onChange={(v) => onChange({ ...current, day_number: v ?? 1 })} />
      </Field>
      <Field label={t('field.holiday_handling')}>
        <Select
          value={current.holiday_handling ?? 'previous_weekday'}
          options={HOLIDAY_HANDLINGS.map((h) => ({ value: h, label: t(`holiday.${h}`) }))}
          onChange={(holiday_handling) => onChange({ ...current, holiday_handling })}
        />
      </Field>
    </>
  );
}

function AnchorSource({
  fieldId,
  anchor,
  fields,
  onChange,
}: {
  fieldId: string | undefined;
  anchor: AnchorDate | undefined;
  fields: EditorOptions['anchorFields'];
  onChange: (patch: { dynamicFieldId?: string; anchorDate?: AnchorDate }) => void;
}) {
  const { t } = useTranslation('workflowDesigner');
  const clearable = useClearable();
  const source = anchor ? 'inline' : 'field';
  return (
    <>
      <Field label={t('field.anchor_source')}>
        <Radio.Group
          value={source}
          onChange={(e) =>
            onChange(
              e.target.value === 'inline'
                ? { dynamicFieldId: undefined, anchorDate: { day_number: 1, date_type: 'day_of_month', holiday_handling: 'previous_weekday' } }
                : { anchorDate: undefined },
            )
          }
          options={[
            { value: 'field', label: t('field.anchor_date_field') },
            { value: 'inline', label: t('field.anchor_type') },
          ]}
        />
      </Field>
      {source === 'field' ? (
        <Field label={t('field.anchor_date_field')}>
          <Select
            allowClear={clearable}
            value={fieldId || undefined}
            options={fields.map((f) => ({ value: f.id, label: f.title }))}
            onChange={(v?: string) => onChange({ dynamicFieldId: v })}
          />
        </Field>
      ) : (
        <AnchorDateFields value={anchor} onChange={(anchorDate) => onChange({ anchorDate })} />
      )}
    </>
  );
}

function AssigneeUserSelect({ value, onChange }: { value: string | undefined; onChange: (userId: string) => void }) {
  const { t } = useTranslation('workflowDesigner');
  const [search, setSearch] = useState('');
  const { data, loading } = useQuery(WORKFLOW_ASSIGNEE_USERS, { variables: { search: search || null } });
  return (
    <Field label={t('field.assignee_user')}>
      <Select
        showSearch={{ filterOption: false, onSearch: setSearch }}
        loading={loading}
        value={value || undefined}
        options={(data?.porticoUsers.collection ?? []).map((u) => ({ value: u.uuid, label: u.name }))}
        onChange={onChange}
      />
    </Field>
  );
}

function TaskFields({ node, options, onChange }: { node: WorkflowNode; options: EditorOptions; onChange: NodePanelProps['onChange'] }) {
  const { t } = useTranslation('workflowDesigner');
  const clearable = useClearable();
  const data = node.data as TaskData;
  const set = (patch: Partial<TaskData>, key: string) => onChange(node.id, patch, key);
  const due: DueDateRule = data.dueDate ?? { type: 'none' };
  const setDue = (patch: Partial<DueDateRule>) => set({ dueDate: { ...due, ...patch } }, 'dueDate');
  const appOptions = options.applications.map((app) => ({
    label: app.name,
    title: app.name,
    options: app.actions.map((a) => ({ value: `${a.key}${APP_SEPARATOR}${app.id}`, label: `${a.key} | ${app.id}` })),
  }));
  return (
    <>
      <Field label={t('field.title')} required>
        <Input value={data.title ?? ''} onChange={(e) => set({ title: e.target.value }, 'title')} data-testid="node-title" />
      </Field>
      <Field label={t('field.description')}>
        <Input.TextArea rows={3} value={data.description ?? ''} onChange={(e) => set({ description: e.target.value }, 'description')} />
      </Field>
      <Field label={t('field.category')}>
        <Select
          allowClear={clearable}
          value={data.categoryId || undefined}
          options={options.categories.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v?: string) => set({ categoryId: v ?? '' }, 'categoryId')}
        />
      </Field>
      <Field label={t('field.assignee')}>
        <Select
          value={data.assignee?.type || 'nobody'}
          options={ASSIGNEE_TYPES.map((a) => ({ value: a, label: t(`assignee.${a === 'user' ? 'user' : a}`) }))}
          onChange={(type) => set({ assignee: { type } }, 'assignee')}
        />
      </Field>
      {data.assignee?.type === 'user' && (
        <AssigneeUserSelect value={data.assignee.userId} onChange={(userId) => set({ assignee: { type: 'user', userId } }, 'assigneeUser')} />
      )}
      <Field label={t('field.due_date')}>
        <Select
          value={due.type}
          options={DUE_DATE_TYPES.map((d) => ({ value: d, label: t(`due_type.${d}`) }))}
          onChange={(type) =>
            set({ dueDate: type === 'offset' ? { type, days: 5, holidayHandling: 'next_weekday' } : { type } }, 'dueDate')
          }
        />
      </Field>
      {due.type === 'offset' && (
        <>
          <Field label={t('field.days')}>
            <InputNumber min={0} max={3660} value={due.days ?? 0} onChange={(v) => setDue({ days: v ?? 0 })} />
          </Field>
          <Field label={t('field.business_days')}>
            <Switch checked={Boolean(due.businessDays)} onChange={(businessDays) => setDue({ businessDays })} />
          </Field>
          <Field label={t('field.holiday_handling')}>
            <Select
              value={due.holidayHandling ?? 'next_weekday'}
              options={HOLIDAY_HANDLINGS.map((h) => ({ value: h, label: t(`holiday.${h}`) }))}
              onChange={(holidayHandling) => setDue({ holidayHandling })}
            />
          </Field>
        </>
      )}
      {due.type === 'anchor_date' && (
        <AnchorSource fieldId={due.dynamicFieldId} anchor={due.anchorDate} fields={options.anchorFields} onChange={setDue} />
      )}
      <Field label={t('field.applications')}>
        <Select
          mode="multiple"
          allowClear={clearable}
          value={applicationValues(data.applications)}
          options={appOptions}
          onChange={(values: string[]) => set({ applications: applicationsFrom(values) }, 'applications')}
        />
      </Field>
      {node.type === 'task' && (
        <Field label={t('field.optional')}>
          <Switch checked={Boolean(data.optional)} onChange={(optional) => set({ optional }, 'optional')} />
        </Field>
      )}
    </>
  );
}

function BranchList({ node, nodes, edges, branches }: { node: WorkflowNode; nodes: readonly WorkflowNode[]; edges: readonly WorkflowEdge[]; branches: readonly string[] }) {
  const { t } = useTranslation('workflowDesigner');
  const name = (id: string) => {
    const n = nodes.find((x) => x.id === id);
    const d = n?.data as { title?: string; label?: string } | undefined;
    return d?.title?.trim() || d?.label?.trim() || (n ? t(`node.${n.type}`) : id);
  };
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t('branches.hint')}
      </Typography.Paragraph>
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {branches.map((b) => {
          const edge = edges.find((e) => e.source === node.id && e.sourceHandle === b);
          const branch = t(`branch.${b}` as 'branch.true');
          return (
            <li key={b}>{edge ? t('branches.leads_to', { branch, target: name(edge.target) }) : t('branches.not_connected', { branch })}</li>
          );
        })}
      </ul>
    </div>
  );
}

function ConditionFields({ node, nodes, onChange }: { node: WorkflowNode; nodes: readonly WorkflowNode[]; onChange: NodePanelProps['onChange'] }) {
  const { t } = useTranslation('workflowDesigner');
  const data = node.data as ConditionData;
  const set = (patch: Partial<ConditionData>, key: string) => onChange(node.id, patch, key);
  const params = structureParameters(nodes);
  const noValue = data.operator === 'is_empty' || data.operator === 'is_not_empty';
  return (
    <>
      <Field label={t('field.parameter')}>
        <Select value={data.parameter || undefined} options={params.map((p) => ({ value: p, label: p }))} onChange={(parameter) => set({ parameter }, 'parameter')} />
      </Field>
      <Field label={t('field.operator')}>
        <Select value={data.operator || undefined} options={OPERATORS.map((o) => ({ value: o, label: t(`operator.${o}`) }))} onChange={(operator) => set({ operator }, 'operator')} />
      </Field>
      {!noValue && (
        <Field label={t('field.value')}>
          <Input
            value={data.value === undefined || data.value === null ? '' : String(data.value)}
            onChange={(e) => set({ value: e.target.value === '' ? undefined : e.target.value }, 'value')}
          />
        </Field>
      )}
    </>
  );
}

function WaitFields({ node, options, onChange }: { node: WorkflowNode; options: EditorOptions; onChange: NodePanelProps['onChange'] }) {
  const { t } = useTranslation('workflowDesigner');
  const data = node.data as WaitData;
  const set = (patch: Partial<WaitData>, key: string) => onChange(node.id, patch, key);
  return (
    <>
      <Field label={t('field.wait_type')}>
        <Radio.Group
          value={data.type || undefined}
          onChange={(e) => set({ type: e.target.value as WaitData['type'] }, 'type')}
          options={[
            { value: 'duration', label: t('wait_type.duration') },
            { value: 'anchor_date', label: t('wait_type.anchor_date') },
          ]}
        />
      </Field>
      {data.type === 'duration' && (
        <>
          {(['days', 'hours', 'minutes'] as const).map((unit) => (
            <Field key={unit} label={t(`field.${unit}`)}>
              <InputNumber min={0} value={data[unit] ?? 0} onChange={(v) => set({ [unit]: v ?? 0 }, unit)} />
            </Field>
          ))}
        </>
      )}
      {data.type === 'anchor_date' && (
        <>
          <AnchorSource fieldId={data.dynamicFieldId} anchor={data.anchorDate} fields={options.anchorFields} onChange={(p) => set(p, 'anchor')} />
          <Field label={t('field.time_of_day')}>
            <Input value={data.timeOfDay ?? ''} placeholder="09:00" onChange={(e) => set({ timeOfDay: e.target.value || undefined }, 'timeOfDay')} />
          </Field>
        </>
      )}
    </>
  );
}

/** The sidebar's form for the selected node, by its type. */
export const NodePanel = memo(function NodePanel({ node, nodes, edges, options, onChange }: NodePanelProps) {
  const { t } = useTranslation('workflowDesigner');
  const label = (node.data as { label?: string }).label ?? '';
  const taskLike = node.type === 'task' || node.type === 'approval';
  return (
    <Form layout="vertical" size="small" data-testid="node-panel" aria-label={t(`node.${node.type}`)}>
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 0 }}>
        {t(`node.${node.type}`)}
      </Typography.Title>
      {!taskLike && (
        <Field label={t('field.label')}>
          <Input value={label} onChange={(e) => onChange(node.id, { label: e.target.value }, 'label')} />
        </Field>
      )}
      {taskLike && <TaskFields node={node} options={options} onChange={onChange} />}
      {node.type === 'approval' && <BranchList node={node} nodes={nodes} edges={edges} branches={['approved', 'rejected']} />}
      {node.type === 'condition' && (
        <>
          <ConditionFields node={node} nodes={nodes} onChange={onChange} />
          <BranchList node={node} nodes={nodes} edges={edges} branches={['true', 'false']} />
        </>
      )}
      {node.type === 'wait' && <WaitFields node={node} options={options} onChange={onChange} />}
    </Form>
  );
});
