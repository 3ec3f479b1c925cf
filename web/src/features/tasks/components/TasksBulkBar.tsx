import { BulkActions, type BulkActionsProps } from '../../task-list';
import { bulkButtons } from '../utils/layout';

export interface TasksBulkBarProps extends Omit<BulkActionsProps, 'buttons'> {
  /** The window's width. */
  readonly width: number;
  /** A task (or an application frame) is open beside the table. */
  readonly taskOpen: boolean;
}

/**
 * The inbox's select-all checkbox and bulk actions, laid out for the table: the change
 * buttons sit inline on wide windows with no task open, otherwise under Actions; mark
 * read and unread are always buttons.
 */
export function TasksBulkBar({ width, taskOpen, ...rest }: TasksBulkBarProps) {
  return <BulkActions {...rest} buttons={bulkButtons(width, taskOpen)} />;
}
