// Package access computes what a user may do in one company: the abilities that
// the server enforces on every read and write, and that it returns to the client
// as the company's `rules` (CASL-style rules of action, subject, fields and
// conditions). It is pure: the database layer loads an [Actor], the actor's
// [Membership] in the company and the company's [Category] list, and [Compute]
// turns them into [Abilities].
//
// It imports no other Portico package; engine/org loads what it computes on.
//
// # Checking
//
//   - [Abilities.Can] answers at subject level: may the actor do this to some
//     object of this kind (show the button, run the list query)?
//   - [Abilities.CanOn] answers for one [Object]: its category, author or
//     uploader, hidden flag and thread type are matched against the rule
//     conditions. Servers check CanOn before every write on a loaded row.
//   - [Abilities.CanOnField] is for updates that touch named fields; a rule
//     restricted to fields never grants Can or CanOn (fail-safe, unlike CASL on
//     the client, which ignores fields when none is asked for).
//   - [Abilities.VisibleCategoryIDs] is what list queries filter by.
//
// # Rules and their order
//
// Rules are evaluated as CASL does: the last relevant rule wins. An inverted
// rule ("cannot") with conditions does not deny a subject-level check, only
// objects that match it. Action "manage" matches every action and subject
// "all" every subject.
//
// # Conditions
//
// Conditions are a map from an attribute to a wanted value, all of which must
// hold (AND). A wanted value is one of:
//
//   - a scalar (int64, string, bool): the attribute equals it;
//   - nil: the object does not carry the attribute (a company-level dynamic
//     field has no category);
//   - map[string]any{"$in": list}: the attribute is one of list.
//
// Attributes: categoryId ([AttrCategoryID]; for messages and attachments the
// thread's category, for files the folder's), userId ([AttrUserID]; author,
// uploader, or for a CompanyUser the user the row belongs to), hidden
// ([AttrHidden]; a thread in the bin) and type ([AttrType]; inbox_task or
// workflow_task). An attribute an object does not set never equals a scalar
// nor belongs to a list, so a caller that forgets to fill one is denied.
// Unknown operators deny.
//
// # Who may do what
//
// Category sets, computed per company (categories unknown to the company are
// ignored):
//
//   - visible: global admin and agent admin: every category of the company;
//     agent user: the membership's categories (internal ones included);
//     customer admin: every category of type other, plus the sensitive
//     categories of the membership; customer user: the membership's
//     categories. Customers never see internal categories, whatever the
//     membership says. Sensitive categories always need explicit membership,
//     except for agent admins.
//   - writable: the visible categories that are active. Inactive categories
//     can be read (threads, messages, files, mark read/unread, PDF) but nothing
//     is created, edited or deleted in them.
//
// Global admins (UserRole admin) get the single rule "manage all" in every
// company, with or without membership, active company or not. Reading does
// not mark messages read for them: [Abilities.MarksRead] is false.
//
// Every active member (staff or customer), on its visible (V) or writable (W)
// categories:
//
//   - Inbox::Task: read (V, not hidden), mark_as_read, mark_as_unread,
//     bulk_change_unread, generate_pdf (V); create, copy (W).
//   - Inbox::Message: read (V); create (W); update and hide only their own
//     messages (W, userId = actor).
//   - Inbox::Attachment: read (V); create (W); destroy their own uploads (W).
//   - CompanyFile: read (V, folder category); create (W); update and destroy
//     their own uploads (W). Folder: read (V).
//   - CompanyCategorySetting: read (V). DynamicFieldValue: read (V, and
//     company-level fields without category).
//   - Company, MyProfile, SystemBanner, CompanyUser, CompanyAcceptedEmail,
//     CompanyAcceptedDomain: read; MyProfile: update.
//
// Agents (staff, agent user and agent admin) also:
//
//   - Inbox::Task: update, change_status, assign, change_due_date,
//     change_priority, change_urgent, change_completion_date and every bulk
//     action (W); view_readers (V, also on Inbox::Message).
//   - Inbox::Attachment and CompanyFile: destroy anyone's (W); CompanyFile:
//     update anyone's (W). Folder: create and update (W).
//   - DynamicFieldValue: update (W, and company-level fields).
//   - PorticoUser, CompanyWorkflow, WorkflowInstance: read.
//
// Agent admins also: Inbox::Task destroy (move to the bin) (W); Folder destroy
// (W); SystemBanner create, update, destroy (company banners); CompanyUser
// create, update, destroy (but never destroy themselves); CompanyAcceptedEmail
// and CompanyAcceptedDomain create; CompanyCategorySetting update of field
// allowEmailsFromNonWhitelistedSenders (W); Company save_sso, whether or not
// the provider opened SSO settings to the company's admins.
//
// Customers (customer admin and customer user) also: Inbox::Task update and
// change_status of threads they wrote themselves, and only of type inbox_task
// (W); which transitions are open to them is the inbox state machine's call.
// Customers never assign, change due dates, priority, urgency or completion
// dates, never run bulk actions other than read/unread, never see readers, and
// never read PorticoUser, CompanyWorkflow or WorkflowInstance.
//
// Customer admins also: CompanyUser create, update, destroy (never destroy
// themselves); CompanyAcceptedEmail and CompanyAcceptedDomain create;
// CompanyCategorySetting update of field allowEmailsFromNonWhitelistedSenders
// (W); DynamicFieldValue update (W and company-level); Company save_sso only
// when the provider enabled SSO settings for the company.
//
// Only global admins: Inbox::Task restore and reading the bin (hidden
// threads); updating Company (login options, countries); e-mail enable switch
// and alias edits; deleting accepted e-mails and domains; managing
// PorticoUser, CompanyWorkflow and WorkflowInstance (cancel, retry); reading
// the EventsLog. These live in the admin panel, whose domain check is the API
// layer's.
//
// # Gates
//
//   - No membership row, or an inactive one: [NoAccess], for staff and
//     customers alike (global admins excepted). Being responsible for a company
//     does not replace membership.
//   - Inactive company: customers get NoAccess; agents keep only the reading
//     actions (read, generate_pdf, view_readers, mark_as_read,
//     mark_as_unread, bulk_change_unread).
//   - Terms not accepted (customers only; staff are exempt): the actor may read
//     the Company and read and update MyProfile, nothing else;
//     [Abilities.NeedsTerms] is true and any active customer member may accept.
//   - Admin panel requests (Actor.AdminPanel) by anyone but a global admin:
//     customers get NoAccess, agents may only read Company and PorticoUser (the
//     provider users page is the only panel page open to them).
//
// Actor.Responsible and Membership.CompanyRoles do not change abilities; they
// drive the my_customers tab, notification types and labels.
package access
