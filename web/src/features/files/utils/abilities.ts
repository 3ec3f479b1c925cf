// Files abilities (spec 002 §6) from the company's rules, matched against a folder's
// category: the shell's canInCompany answers at subject level only, but upload and folder
// actions depend on the category of the folder at hand.

import type { AbilityRule, InitCompany, InitUser } from '../../../app/session/types';

export type Attributes = Readonly<Record<string, string | number | boolean | null | undefined>>;

const asList = (value: string | string[]): string[] => (Array.isArray(value) ? value : [value]);

const same = (a: unknown, b: unknown): boolean => a !== undefined && a !== null && String(a) === String(b);

function conditionHolds(wanted: unknown, actual: Attributes[string]): boolean {
  if (wanted === null) return actual === undefined || actual === null;
  if (typeof wanted === 'object') {
    const list = (wanted as Record<string, unknown>)['$in'];
    if (!Array.isArray(list) || Object.keys(wanted as object).length !== 1) return false;
    return list.some((value) => same(actual, value));
  }
  return same(actual, wanted);
}

function matches(rule: AbilityRule, action: string, subject: string, object: Attributes): boolean {
  const actions = asList(rule.action);
  if (!actions.includes(action) && !actions.includes('manage')) return false;
  const subjects = asList(rule.subject);
  if (!subjects.includes(subject) && !subjects.includes('all')) return false;
  // A rule restricted to fields never grants a whole-object action (as the server does).
  if (rule.fields?.length) return false;
  const conditions = rule.conditions ?? {};
  return Object.entries(conditions).every(([name, wanted]) => conditionHolds(wanted, object[name]));
}

/**
 * CASL-style check on one object: the last matching rule wins, an inverted one denies.
 * Attributes the object leaves out never satisfy a condition.
 */
export function canOn(rules: readonly AbilityRule[], action: string, subject: string, object: Attributes): boolean {
  for (let i = rules.length - 1; i >= 0; i -= 1) {
    const rule = rules[i];
    if (rule && matches(rule, action, subject, object)) return !rule.inverted;
  }
  return false;
}

export interface FolderLike {
  readonly categoryId: string;
  readonly parentFolderId: string | null;
  readonly canAddChild: boolean;
  readonly category?: { readonly active: boolean } | null;
}

export interface FolderAbilities {
  /** Upload files into the folder: create on CompanyFile in its category. */
  readonly upload: boolean;
  /** Add a subfolder: create on Folder in its category, and the folder allows a child. */
  readonly addSubfolder: boolean;
  /** Root folders are never renamed nor deleted. */
  readonly rename: boolean;
  readonly remove: boolean;
  /** Folder settings (name and place) follow rename. */
  readonly settings: boolean;
}

export const NO_FOLDER_ABILITIES: FolderAbilities = {
  upload: false,
  addSubfolder: false,
  rename: false,
  remove: false,
  settings: false,
};

export function folderAbilities(
  user: Pick<InitUser, 'userRole'>,
  company: Pick<InitCompany, 'rules'> | undefined,
  folder: FolderLike | null | undefined,
): FolderAbilities {
  if (!folder || !company) return NO_FOLDER_ABILITIES;
  const admin = user.userRole === 'admin';
  const object = { categoryId: folder.categoryId };
  const can = (action: string, subject: string) => admin || canOn(company.rules, action, subject, object);
  const child = folder.parentFolderId !== null;
  return {
    upload: can('create', 'CompanyFile'),
    addSubfolder: folder.canAddChild && can('create', 'Folder'),
    rename: child && can('update', 'Folder'),
    remove: child && can('destroy', 'Folder'),
    settings: child && can('update', 'Folder'),
  };
}
