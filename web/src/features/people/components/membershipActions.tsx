import { useMutation } from '@apollo/client/react';
import { App, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportServerErrors } from '../../../app/errors/reportErrors';
import { useInit } from '../../../app/session/SessionProvider';
import { DELETE_COMPANY_USER, REACTIVATE_COMPANY_USER } from '../graphql/mutations';
import { EditMembershipModal, type Membership, type MembershipEdit } from './EditMembershipModal';

/** Self-deactivation's info message stays this long (spec 002 §9). */
const SELF_MESSAGE_SECONDS = 10;

/** The customer user a row's memberships belong to. */
export interface MemberPerson {
  readonly uuid: string;
  readonly name: string;
}

interface Editing {
  readonly person: MemberPerson;
  readonly membership: Membership;
  readonly edit: MembershipEdit;
}

export interface MembershipActions {
  /** The row's menu: per membership, what the viewer may do (grouped by company when there are several). */
  readonly items: (person: MemberPerson, memberships: readonly Membership[]) => MenuProps['items'];
  /** Runs a menu entry's action. */
  readonly run: (person: MemberPerson, memberships: readonly Membership[], key: string) => void;
  /** The open edit modal, to render beside the table. */
  readonly modal: ReactNode;
}

/**
 * The row actions of a customer user's memberships (spec 002 §2.3), the same wherever the users are
 * listed: edit categories and title and role (update), deactivate after a confirmation and reactivate
 * (destroy). A user's own row offers deactivation only to say that nobody deactivates themselves.
 */
export function useMembershipActions(): MembershipActions {
  const { t } = useTranslation('people');
  const init = useInit();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deactivate] = useMutation(DELETE_COMPANY_USER);
  const [reactivate] = useMutation(REACTIVATE_COMPANY_USER);

  const setActive = (person: MemberPerson, m: Membership, active: boolean) => {
    if (person.uuid === init.user.uuid) {
      void message.info(t('actions.self'), SELF_MESSAGE_SECONDS);
      return;
    }
    const change = async () => {
      const variables = { companyUserId: m.uuid, companyId: m.company.uuid };
      const errors = active
        ? (await reactivate({ variables })).data?.reactivateCompanyUser.errors
        : (await deactivate({ variables })).data?.deleteCompanyUser.errors;
      if (errors?.length) {
        reportServerErrors(errors);
        return;
      }
      void message.success(t(active ? 'actions.reactivated' : 'actions.deactivated', { name: person.name }));
    };
    const names = { name: person.name, company: m.company.name };
    void modal.confirm({
      title: t(active ? 'reactivate.title' : 'deactivate.title', names),
      content: t(active ? 'reactivate.text' : 'deactivate.text', names),
      okText: t(active ? 'actions.reactivate' : 'actions.deactivate'),
      okButtonProps: { danger: !active },
      cancelText: t('actions.cancel'),
      onOk: change,
    });
  };

  const items = (person: MemberPerson, memberships: readonly Membership[]): MenuProps['items'] => {
    const out: NonNullable<MenuProps['items']> = [];
    for (const m of memberships) {
      const entries: NonNullable<MenuProps['items']> = [];
      if (m.canUpdate) {
        entries.push({ key: `categories:${m.uuid}`, label: t('actions.edit_categories') });
        entries.push({ key: `title:${m.uuid}`, label: t('actions.edit_title_and_role') });
      }
      if (m.canDestroy || (m.canUpdate && person.uuid === init.user.uuid)) {
        entries.push(
          m.active
            ? { key: `deactivate:${m.uuid}`, label: t('actions.deactivate'), danger: true }
            : { key: `reactivate:${m.uuid}`, label: t('actions.reactivate') },
        );
      }
      if (entries.length === 0) continue;
      if (memberships.length > 1) out.push({ type: 'group', key: m.uuid, label: m.company.name, children: entries });
      else out.push(...entries);
    }
    return out;
  };

  const run = (person: MemberPerson, memberships: readonly Membership[], key: string) => {
    const [action, id] = key.split(':');
    const m = memberships.find((x) => x.uuid === id);
    if (!m) return;
    if (action === 'categories') setEditing({ person, membership: m, edit: 'categories' });
    else if (action === 'title') setEditing({ person, membership: m, edit: 'title_and_role' });
    else setActive(person, m, action === 'reactivate');
  };

  return {
    items,
    run,
    modal: editing ? (
      <EditMembershipModal
        user={editing.person}
        membership={editing.membership}
        edit={editing.edit}
        onClose={() => setEditing(null)}
      />
    ) : null,
  };
}
