import { useMutation } from '@apollo/client/react';
import { App, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportServerErrors } from '../../../app/errors/reportErrors';
import { useInit } from '../../../app/session/SessionProvider';
import type { PorticoUserFieldsFragment } from '../../../gql/graphql';
import {
  DELETE_PORTICO_USER,
  REACTIVATE_PORTICO_USER,
  REMOVE_PORTICO_USER_FROM_COMPANY,
  SET_PORTICO_USER_RESPONSIBLE,
} from '../graphql/porticoUsers';
import { PorticoMembershipModal, type PorticoMembership } from './PorticoMembershipModal';

/** Self-change's info message stays this long (spec 002 §9). */
const SELF_MESSAGE_SECONDS = 10;

type Person = PorticoUserFieldsFragment;

interface Editing {
  readonly user: Person;
  readonly membership?: PorticoMembership;
}

type Change = 'deactivate' | 'reactivate' | 'remove';

export interface PorticoMembershipActionsOptions {
  /** The company a given company defaults to (the company card's list); otherwise chosen in the modal. */
  readonly companyId: string | null;
  /** After a change the shown memberships cannot follow by themselves (a company given or taken away). */
  readonly onChanged: () => void;
  /** Offer to give the user another company (the lists do; a profile's per-company rows do not). */
  readonly give?: boolean;
}

export interface PorticoMembershipActions {
  /** The row's menu: give a company, and per membership what the viewer may do. */
  readonly items: (person: Person, memberships: readonly PorticoMembership[]) => MenuProps['items'];
  readonly run: (person: Person, memberships: readonly PorticoMembership[], key: string) => void;
  /** The open give-or-edit modal, to render beside the table. */
  readonly modal: ReactNode;
}

/**
 * The actions on a provider user's memberships (spec 002 §2.5), the same wherever they are listed: global
 * admins give agents companies, change their role, mark them responsible, deactivate, reactivate and take
 * companies away.
 */
export function usePorticoMembershipActions({
  companyId,
  onChanged,
  give = true,
}: PorticoMembershipActionsOptions): PorticoMembershipActions {
  const { t } = useTranslation('people');
  const init = useInit();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deactivate] = useMutation(DELETE_PORTICO_USER);
  const [reactivate] = useMutation(REACTIVATE_PORTICO_USER);
  const [remove] = useMutation(REMOVE_PORTICO_USER_FROM_COMPANY);
  const [setResponsible] = useMutation(SET_PORTICO_USER_RESPONSIBLE);
  // Giving a company needs create on PorticoUser: global admins (spec 002 §6).
  const canGive = give && init.user.userRole === 'admin';

  const self = (row: Person) => {
    if (row.uuid !== init.user.uuid) return false;
    void message.info(t('actions.self'), SELF_MESSAGE_SECONDS);
    return true;
  };

  const change = (row: Person, m: PorticoMembership, what: Change) => {
    if (self(row)) return;
    const run = async () => {
      const variables = { porticoUserId: m.uuid, companyId: m.company.uuid };
      const errors =
        what === 'remove'
          ? (await remove({ variables })).data?.removePorticoUserFromCompany.errors
          : what === 'reactivate'
            ? (await reactivate({ variables })).data?.reactivatePorticoUser.errors
            : (await deactivate({ variables })).data?.deletePorticoUser.errors;
      if (errors?.length) {
        reportServerErrors(errors);
        return;
      }
      void message.success(t(`agents.${what}d`, { name: row.name, company: m.company.name }));
      if (what === 'remove') onChanged();
    };
    void modal.confirm({
      title: t(`agents.${what}_title`, { name: row.name, company: m.company.name }),
      content: t(`agents.${what}_text`, { name: row.name, company: m.company.name }),
      okText: t(`agents.${what}`),
      okButtonProps: { danger: what !== 'reactivate' },
      cancelText: t('actions.cancel'),
      onOk: run,
    });
  };

  const toggleResponsible = async (row: Person, m: PorticoMembership) => {
    const { data } = await setResponsible({
      variables: { companyId: m.company.uuid, userId: row.uuid, responsible: !m.responsible },
    });
    const errors = data?.setPorticoUserResponsible.errors;
    if (errors?.length) {
      reportServerErrors(errors);
      return;
    }
    void message.success(
      t(m.responsible ? 'agents.responsible_off' : 'agents.responsible_on', { name: row.name, company: m.company.name }),
    );
  };

  const items = (row: Person, ms: readonly PorticoMembership[]): MenuProps['items'] => {
    const items: NonNullable<MenuProps['items']> = [];
    if (canGive && row.userRole !== 'admin') items.push({ key: 'give:', label: t('agents.give') });
    for (const m of ms) {
      const entries: NonNullable<MenuProps['items']> = [];
      if (m.canUpdate && row.uuid !== init.user.uuid) {
        entries.push({ key: `edit:${m.uuid}`, label: t('agents.edit') });
        entries.push({
          key: `responsible:${m.uuid}`,
          label: t(m.responsible ? 'agents.unmark_responsible' : 'agents.mark_responsible'),
        });
      }
      if (m.canDestroy || row.uuid === init.user.uuid) {
        entries.push(
          m.active
            ? { key: `deactivate:${m.uuid}`, label: t('actions.deactivate'), danger: true }
            : { key: `reactivate:${m.uuid}`, label: t('actions.reactivate') },
        );
        entries.push({ key: `remove:${m.uuid}`, label: t('agents.remove'), danger: true });
      }
      if (entries.length === 0) continue;
      if (ms.length > 1 || items.length > 0) {
        items.push({ type: 'group', key: m.uuid, label: m.company.name, children: entries });
      } else items.push(...entries);
    }
    return items;
  };

  const run = (row: Person, ms: readonly PorticoMembership[], key: string) => {
    const [action, id] = key.split(':');
    if (action === 'give') {
      setEditing({ user: row });
      return;
    }
    const m = ms.find((x) => x.uuid === id);
    if (!m) return;
    if (action === 'edit') setEditing({ user: row, membership: m });
    else if (action === 'responsible') void toggleResponsible(row, m);
    else change(row, m, action as Change);
  };

  return {
    items,
    run,
    modal: editing ? (
      <PorticoMembershipModal
        user={editing.user}
        membership={editing.membership}
        companyId={companyId}
        onClose={() => setEditing(null)}
        onSaved={onChanged}
      />
    ) : null,
  };
}
