import { describe, expect, it } from 'vitest';
import type { AbilityRule } from '../../../app/session/types';
import { canOn, folderAbilities, NO_FOLDER_ABILITIES } from './abilities';

const inCategories = (ids: number[]) => ({ categoryId: { $in: ids } });
// As the server sends them for a customer admin of categories 1 and 2.
const customerRules: AbilityRule[] = [
  { action: 'read', subject: 'Folder', conditions: inCategories([1, 2]) },
  { action: 'create', subject: 'CompanyFile', conditions: inCategories([1, 2]) },
  { action: 'update', subject: 'CompanyFile', conditions: { ...inCategories([1, 2]), userId: 'me' } },
];
const agentRules: AbilityRule[] = [
  ...customerRules,
  { action: 'create', subject: 'Folder', conditions: inCategories([1]) },
  { action: 'update', subject: 'Folder', conditions: inCategories([1]) },
];

const folder = (extra: Partial<Parameters<typeof folderAbilities>[2] & object> = {}) => ({
  categoryId: '1',
  parentFolderId: 'root',
  canAddChild: true,
  ...extra,
});

describe('canOn', () => {
  it('matches category conditions whatever the id\'s type', () => {
    expect(canOn(customerRules, 'create', 'CompanyFile', { categoryId: '2' })).toBe(true);
    expect(canOn(customerRules, 'create', 'CompanyFile', { categoryId: '3' })).toBe(false);
  });

  it('needs every condition, and an attribute left out never matches', () => {
    expect(canOn(customerRules, 'update', 'CompanyFile', { categoryId: 1, userId: 'me' })).toBe(true);
    expect(canOn(customerRules, 'update', 'CompanyFile', { categoryId: 1 })).toBe(false);
  });

  it('lets the last matching rule win, an inverted one denying', () => {
    const rules: AbilityRule[] = [
      { action: 'manage', subject: 'all' },
      { action: 'destroy', subject: 'Folder', conditions: inCategories([2]), inverted: true },
    ];
    expect(canOn(rules, 'destroy', 'Folder', { categoryId: 1 })).toBe(true);
    expect(canOn(rules, 'destroy', 'Folder', { categoryId: 2 })).toBe(false);
  });
});

describe('folderAbilities', () => {
  const company = (rules: AbilityRule[]) => ({ rules });
  const user = { userRole: 'user' as const };

  it('lets a customer upload into folders of their categories but not manage folders', () => {
    expect(folderAbilities(user, company(customerRules), folder())).toEqual({
      upload: true,
      addSubfolder: false,
      rename: false,
      remove: false,
      settings: false,
    });
    expect(folderAbilities(user, company(customerRules), folder({ categoryId: '3' })).upload).toBe(false);
  });

  it('adds a subfolder only with create and where the folder allows a child', () => {
    expect(folderAbilities(user, company(agentRules), folder()).addSubfolder).toBe(true);
    expect(folderAbilities(user, company(agentRules), folder({ canAddChild: false })).addSubfolder).toBe(false);
  });

  it('never renames nor deletes a root folder', () => {
    const admin = { userRole: 'admin' as const };
    const root = folderAbilities(admin, company([]), folder({ parentFolderId: null }));
    expect(root).toMatchObject({ upload: true, addSubfolder: true, rename: false, remove: false, settings: false });
    expect(folderAbilities(admin, company([]), folder())).toMatchObject({ rename: true, remove: true });
  });

  it('allows nothing without a folder', () => {
    expect(folderAbilities(user, company(agentRules), null)).toBe(NO_FOLDER_ABILITIES);
  });
});
