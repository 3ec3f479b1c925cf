import type { Edge, Node } from '@xyflow/react';

// The stored structure's node data, as engine/workflow/structure.go reads it. Keys the
// editor does not know stay in the data object and go back to the server unchanged.

export const NODE_TYPES = ['start', 'end', 'task', 'approval', 'condition', 'parallel', 'join', 'wait'] as const;
export type WorkflowNodeType = (typeof NODE_TYPES)[number];

export const isWorkflowNodeType = (value: unknown): value is WorkflowNodeType =>
  typeof value === 'string' && (NODE_TYPES as readonly string[]).includes(value);

export type ParameterType = 'string' | 'number' | 'boolean' | 'date';
export const PARAMETER_TYPES: readonly ParameterType[] = ['string', 'number', 'boolean', 'date'];

export interface WorkflowParameter {
  name: string;
  label?: string;
  type: ParameterType;
  required?: boolean;
}

export type AssigneeType = 'responsible' | 'user' | 'nobody';
export const ASSIGNEE_TYPES: readonly AssigneeType[] = ['responsible', 'user', 'nobody'];

export type HolidayHandling = 'previous_weekday' | 'next_weekday' | 'no_change';
export const HOLIDAY_HANDLINGS: readonly HolidayHandling[] = ['previous_weekday', 'next_weekday', 'no_change'];

export const ANCHOR_DATE_TYPES = [
  'day_of_week',
  'day_of_following_week',
  'day_of_month',
  'day_of_following_month',
  'week_of_month',
  'month_of_year',
] as const;
export type AnchorDateType = (typeof ANCHOR_DATE_TYPES)[number];

export interface AnchorDate {
  day_number: number;
  date_type: AnchorDateType;
  following_interval?: number;
  holiday_handling?: HolidayHandling;
}

export type DueDateType = 'none' | 'offset' | 'anchor_date';
export const DUE_DATE_TYPES: readonly DueDateType[] = ['none', 'offset', 'anchor_date'];

export interface DueDateRule {
  type: DueDateType;
  days?: number;
  businessDays?: boolean;
  holidayHandling?: HolidayHandling;
  dynamicFieldId?: string;
  anchorDate?: AnchorDate;
}

export interface TaskApplication {
  id: string;
  actions: string[];
}

export type Operator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'contains'
  | 'not_contains'
  | 'is_empty'
  | 'is_not_empty';
export const OPERATORS: readonly Operator[] = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'not_contains',
  'is_empty',
  'is_not_empty',
];

export type WaitType = 'duration' | 'anchor_date';

/** Every node's data: the label, the fields of its type, and whatever else was stored. */
export interface BaseData extends Record<string, unknown> {
  label?: string;
}

export interface StartData extends BaseData {
  parameters?: WorkflowParameter[];
}

export interface TaskData extends BaseData {
  title?: string;
  description?: string;
  categoryId?: string;
  assignee?: { type: AssigneeType | ''; userId?: string };
  dueDate?: DueDateRule;
  applications?: TaskApplication[];
  optional?: boolean;
}

export interface ConditionData extends BaseData {
  parameter?: string;
  operator?: Operator | '';
  value?: unknown;
}

export interface WaitData extends BaseData {
  type?: WaitType | '';
  days?: number;
  hours?: number;
  minutes?: number;
  dynamicFieldId?: string;
  anchorDate?: AnchorDate;
  timeOfDay?: string;
}

export interface NodeDataByType {
  start: StartData;
  end: BaseData;
  task: TaskData;
  approval: TaskData;
  condition: ConditionData;
  parallel: BaseData;
  join: BaseData;
  wait: WaitData;
}

export type WorkflowNodeOf<T extends WorkflowNodeType> = Node<NodeDataByType[T], T>;
export type StartNode = WorkflowNodeOf<'start'>;
export type EndNode = WorkflowNodeOf<'end'>;
export type TaskNode = WorkflowNodeOf<'task'>;
export type ApprovalNode = WorkflowNodeOf<'approval'>;
export type ConditionNode = WorkflowNodeOf<'condition'>;
export type ParallelNode = WorkflowNodeOf<'parallel'>;
export type JoinNode = WorkflowNodeOf<'join'>;
export type WaitNode = WorkflowNodeOf<'wait'>;

export type WorkflowNode =
  | StartNode
  | EndNode
  | TaskNode
  | ApprovalNode
  | ConditionNode
  | ParallelNode
  | JoinNode
  | WaitNode;

export type WorkflowEdge = Edge;

export interface WorkflowGraph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** A step's state in a run (issue 13 colours the run's canvas by it). */
export type StepState = 'pending' | 'running' | 'completed' | 'failed' | 'skipped';
export type StepStates = Readonly<Record<string, StepState>>;

/** A step's heat on the run analytics canvas: its colour on the scale, and its figures as text. */
export interface NodeHeat {
  readonly colour: string;
  readonly label: string;
}
export type NodeHeats = Readonly<Record<string, NodeHeat>>;

/** edit: the designer; view: read-only; run: read-only, coloured by step state. */
export type CanvasMode = 'edit' | 'view' | 'run';
