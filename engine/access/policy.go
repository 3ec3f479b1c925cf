package access

import "slices"

// builder collects rules in evaluation order.
type builder struct{ rules []Rule }

func (b *builder) can(action, subject string, cond map[string]any, fields ...string) {
	b.rules = append(b.rules, Rule{Action: action, Subject: subject, Conditions: cond, Fields: fields})
}

func (b *builder) cannot(action, subject string, cond map[string]any) {
	b.rules = append(b.rules, Rule{Action: action, Subject: subject, Conditions: cond, Inverted: true})
}

// canIn adds one rule per action limited to the categories ids, plus the
// extra conditions. Without categories there is nothing to allow, so no rule.
// The rules share one conditions map: rules are never changed in place, and
// Abilities.Rules hands out deep copies.
func (b *builder) canIn(ids []int64, extra map[string]any, subject string, actions ...string) {
	if len(ids) == 0 {
		return
	}
	cond := map[string]any{AttrCategoryID: map[string]any{OpIn: ids}}
	for k, v := range extra {
		cond[k] = v
	}
	for _, action := range actions {
		b.can(action, subject, cond)
	}
}

// canFieldsIn is canIn for one action restricted to fields.
func (b *builder) canFieldsIn(ids []int64, action, subject string, fields ...string) {
	if len(ids) == 0 {
		return
	}
	b.can(action, subject, map[string]any{AttrCategoryID: map[string]any{OpIn: ids}}, fields...)
}

func (b *builder) keepOnly(actions []string) {
	b.rules = slices.DeleteFunc(b.rules, func(r Rule) bool { return !slices.Contains(actions, r.Action) })
}

// policy holds what the role functions need: the actor's id as it appears in
// conditions, and the visible (read) and writable (write) categories.
type policy struct {
	me          string
	read, write []int64
}

func (p policy) own() map[string]any { return map[string]any{AttrUserID: p.me} }

// member: every active member of the company, staff or customer.
func (p policy) member(b *builder) {
	for _, s := range []string{
		SubjectCompany, SubjectMyProfile, SubjectSystemBanner, SubjectCompanyUser,
		SubjectCompanyAcceptedEmail, SubjectCompanyAcceptedDomain,
	} {
		b.can(ActionRead, s, nil)
	}
	b.can(ActionUpdate, SubjectMyProfile, nil)

	b.canIn(p.read, map[string]any{AttrHidden: false}, SubjectTask, ActionRead)
	b.canIn(p.read, nil, SubjectTask,
		ActionMarkAsRead, ActionMarkAsUnread, ActionBulkChangeUnread, ActionGeneratePDF)
	b.canIn(p.write, nil, SubjectTask, ActionCreate, ActionCopy)

	b.canIn(p.read, nil, SubjectMessage, ActionRead)
	b.canIn(p.write, nil, SubjectMessage, ActionCreate)
	b.canIn(p.write, p.own(), SubjectMessage, ActionUpdate, ActionHide)

	b.canIn(p.read, nil, SubjectAttachment, ActionRead)
	b.canIn(p.write, nil, SubjectAttachment, ActionCreate)
	b.canIn(p.write, p.own(), SubjectAttachment, ActionDestroy)

	b.canIn(p.read, nil, SubjectFolder, ActionRead)
	b.canIn(p.read, nil, SubjectCompanyFile, ActionRead)
	b.canIn(p.write, nil, SubjectCompanyFile, ActionCreate)
	b.canIn(p.write, p.own(), SubjectCompanyFile, ActionUpdate, ActionDestroy)

	b.canIn(p.read, nil, SubjectCompanyCategorySetting, ActionRead)
	p.dynamicFields(b, ActionRead, p.read)
}

// dynamicFields allows action on company-level fields (no category) and on
// those of the categories ids.
func (p policy) dynamicFields(b *builder, action string, ids []int64) {
	b.can(action, SubjectDynamicFieldValue, map[string]any{AttrCategoryID: nil})
	b.canIn(ids, nil, SubjectDynamicFieldValue, action)
}

// agent: provider staff with a membership, agent user or agent admin.
func (p policy) agent(b *builder) {
	b.canIn(p.write, nil, SubjectTask,
		ActionUpdate, ActionChangeStatus, ActionAssign, ActionChangeDueDate,
		ActionChangePriority, ActionChangeUrgent, ActionChangeCompletionDate,
		ActionBulkChangeStatus, ActionBulkChangeDueDate, ActionBulkAssign,
		ActionBulkChangePriority, ActionBulkChangeCompletionDate)
	b.canIn(p.read, nil, SubjectTask, ActionViewReaders)
	b.canIn(p.read, nil, SubjectMessage, ActionViewReaders)
	b.canIn(p.write, nil, SubjectAttachment, ActionDestroy)
	b.canIn(p.write, nil, SubjectCompanyFile, ActionUpdate, ActionDestroy)
	b.canIn(p.write, nil, SubjectFolder, ActionCreate, ActionUpdate)
	p.dynamicFields(b, ActionUpdate, p.write)
	for _, s := range []string{SubjectPorticoUser, SubjectCompanyWorkflow, SubjectWorkflowInstance} {
		b.can(ActionRead, s, nil)
	}
}

func (p policy) agentAdmin(b *builder) {
	b.canIn(p.write, nil, SubjectTask, ActionDestroy)
	b.canIn(p.write, nil, SubjectFolder, ActionDestroy)
	for _, action := range []string{ActionCreate, ActionUpdate, ActionDestroy} {
		b.can(action, SubjectSystemBanner, nil)
	}
	p.companyAdmin(b)
	b.can(ActionSaveSSO, SubjectCompany, nil)
}

func (p policy) customer(b *builder) {
	b.canIn(p.write, p.own(), SubjectTask, ActionUpdate)
	b.canIn(p.write, map[string]any{AttrUserID: p.me, AttrType: TaskTypeInbox}, SubjectTask, ActionChangeStatus)
}

func (p policy) customerAdmin(b *builder, ssoSettingsEnabled bool) {
	p.companyAdmin(b)
	p.dynamicFields(b, ActionUpdate, p.write)
	if ssoSettingsEnabled {
		b.can(ActionSaveSSO, SubjectCompany, nil)
	}
}

// companyAdmin: what agent admins and customer admins share.
func (p policy) companyAdmin(b *builder) {
	for _, action := range []string{ActionCreate, ActionUpdate, ActionDestroy} {
		b.can(action, SubjectCompanyUser, nil)
	}
	// Nobody deactivates themselves.
	b.cannot(ActionDestroy, SubjectCompanyUser, p.own())
	b.can(ActionCreate, SubjectCompanyAcceptedEmail, nil)
	b.can(ActionCreate, SubjectCompanyAcceptedDomain, nil)
	b.canFieldsIn(p.write, ActionUpdate, SubjectCompanyCategorySetting, FieldAllowEmailsFromNonWhitelistedSenders)
}
