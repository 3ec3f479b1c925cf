// Typed translation keys: t('nav.inbox') is checked against the English files.
// A new namespace needs its src/locales/{en,fi,sv}/<namespace>.json and a line here.
import 'i18next';
import type admin from '../../locales/en/admin.json';
import type analytics from '../../locales/en/analytics.json';
import type attachmentsAdmin from '../../locales/en/attachmentsAdmin.json';
import type auth from '../../locales/en/auth.json';
import type common from '../../locales/en/common.json';
import type comingUp from '../../locales/en/comingUp.json';
import type companies from '../../locales/en/companies.json';
import type companyProfile from '../../locales/en/companyProfile.json';
import type customerInfo from '../../locales/en/customerInfo.json';
import type errors from '../../locales/en/errors.json';
import type files from '../../locales/en/files.json';
import type forms from '../../locales/en/forms.json';
import type inbox from '../../locales/en/inbox.json';
import type mailSettings from '../../locales/en/mailSettings.json';
import type notificationSettings from '../../locales/en/notificationSettings.json';
import type people from '../../locales/en/people.json';
import type portal from '../../locales/en/portal.json';
import type profile from '../../locales/en/profile.json';
import type system from '../../locales/en/system.json';
import type tasks from '../../locales/en/tasks.json';
import type terms from '../../locales/en/terms.json';
import type thread from '../../locales/en/thread.json';
import type workflows from '../../locales/en/workflows.json';
import type workflowDesigner from '../../locales/en/workflowDesigner.json';
import type workflowForecast from '../../locales/en/workflowForecast.json';
import type workflowInsights from '../../locales/en/workflowInsights.json';
import type workflowRuns from '../../locales/en/workflowRuns.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    keySeparator: false;
    resources: {
      admin: typeof admin;
      analytics: typeof analytics;
      attachmentsAdmin: typeof attachmentsAdmin;
      auth: typeof auth;
      common: typeof common;
      comingUp: typeof comingUp;
      companies: typeof companies;
      companyProfile: typeof companyProfile;
      customerInfo: typeof customerInfo;
      errors: typeof errors;
      files: typeof files;
      forms: typeof forms;
      inbox: typeof inbox;
      mailSettings: typeof mailSettings;
      notificationSettings: typeof notificationSettings;
      people: typeof people;
      portal: typeof portal;
      profile: typeof profile;
      system: typeof system;
      tasks: typeof tasks;
      terms: typeof terms;
      thread: typeof thread;
      workflows: typeof workflows;
      workflowDesigner: typeof workflowDesigner;
      workflowForecast: typeof workflowForecast;
      workflowInsights: typeof workflowInsights;
      workflowRuns: typeof workflowRuns;
    };
  }
}
