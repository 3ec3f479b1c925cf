import type { InboxTab } from './urlState';

export interface TabFlags {
  readonly assignedMe?: true;
  readonly meCustomers?: true;
  readonly todo?: true;
}

/** The active tab as inboxTasks' (and the bulk mutations') flags; all sends none. */
export function tabFlags(tab: InboxTab): TabFlags {
  switch (tab) {
    case 'assigned_to_me':
      return { assignedMe: true };
    case 'my_customers':
      return { meCustomers: true };
    case 'todo':
      return { todo: true };
    case 'all':
      return {};
  }
}
