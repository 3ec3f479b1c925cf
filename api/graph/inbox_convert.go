package graph

import (
	"context"
	"errors"
	"slices"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"

	"portico/api/graph/model"
	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/workflow"
)

// errNoInbox is what inbox calls answer while the service is not wired.
var errNoInbox = errors.New("graph: inbox service not configured")

func (r *Resolver) inboxService() (*inbox.Service, error) {
	if r.svc.Inbox == nil {
		return nil, errNoInbox
	}
	return r.svc.Inbox, nil
}

func uuids(list []string, entity string) ([]uuid.UUID, error) {
	out := make([]uuid.UUID, 0, len(list))
	for _, s := range list {
		id, err := parseUUID(s, entity)
		if err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
}

func int64s(list []string, entity string) ([]int64, error) {
	out := make([]int64, 0, len(list))
	for _, s := range list {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, apperr.NotFound(entity)
		}
		out = append(out, n)
	}
	return out, nil
}

func flag(b *bool) bool { return b != nil && *b }

func inboxFilters(f *model.InboxFilters) (inbox.Filters, error) {
	var out inbox.Filters
	if f == nil {
		return out, nil
	}
	var err error
	out.Query, out.DueDateFrom, out.DueDateTo, out.Urgent = f.Query, f.DueDateFrom, f.DueDateTo, f.Urgent
	out.Priority, out.Types, out.Status = f.Priority, f.Types, f.Status
	out.WithMessages, out.WithDueDate, out.WithAttachments = f.WithMessages, f.WithDueDate, f.WithAttachments
	out.Overdue, out.DueTomorrow, out.DueToday = flag(f.Overdue), flag(f.DueTomorrow), flag(f.DueToday)
	out.ShowCompleted, out.ShowInProgress, out.ShowNotStarted = f.ShowCompleted, f.ShowInProgress, f.ShowNotStarted
	if out.WorkflowIDs, err = uuids(f.WorkflowIds, "workflow"); err != nil {
		return out, err
	}
	if out.CompanyIDs, err = uuids(f.CompanyIds, "company"); err != nil {
		return out, err
	}
	if out.ParticipantIDs, err = uuids(f.ParticipantIds, "user"); err != nil {
		return out, err
	}
	if out.CategoryIDs, err = int64s(f.CategoryIds, "category"); err != nil {
		return out, err
	}
	for _, o := range f.ResponsibleIds {
		out.ResponsibleIDs = append(out.ResponsibleIDs, o.Value)
	}
	for _, o := range f.SenderIds {
		out.SenderIDs = append(out.SenderIDs, o.Value)
	}
	return out, nil
}

// folderOf maps the folder flags of inboxTasks (none set: the tasks table).
func folderOf(unread, isNew, inProgress, closed, hidden *bool) string {
	switch {
	case flag(hidden):
		return inbox.FolderBin
	case flag(unread):
		return inbox.FolderUnread
	case flag(isNew):
		return inbox.FolderNew
	case flag(inProgress):
		return inbox.FolderInProgress
	case flag(closed):
		return inbox.FolderClosed
	}
	return inbox.FolderNone
}

// bulk runs a bulk mutation on the threads its common arguments name
// (taskIds, or allTasks with the list's selection). gqlgen passes those nine
// arguments to each resolver one by one; bulk reads them once, from the
// field's decoded arguments.
func (r *Resolver) bulk(ctx context.Context, run func(*inbox.Service, org.Request, inbox.BulkTarget) (*inbox.BulkResult, error)) (*model.BulkTasksPayload, error) {
	return mutate(ctx, r.inboxService, func(svc *inbox.Service, req org.Request) (*inbox.BulkResult, error) {
		bt, err := bulkTarget(graphql.GetFieldContext(ctx).Args)
		if err != nil {
			return nil, err
		}
		return run(svc, req, bt)
	}, bulkPayload)
}

// bulkTarget reads the common arguments of bulk mutations; allTasks selects
// as inboxTasks does (inboxSelection).
func bulkTarget(in map[string]any) (inbox.BulkTarget, error) {
	companyID, _ := in["companyId"].(*string)
	group, _ := in["group"].(*bool)
	allTasks, _ := in["allTasks"].(*bool)
	folder, _ := in["folder"].(*string)
	filters, _ := in["filters"].(*model.InboxFilters)
	assignedMe, _ := in["assignedMe"].(*bool)
	meCustomers, _ := in["meCustomers"].(*bool)
	todo, _ := in["todo"].(*bool)
	taskIDs, _ := in["taskIds"].([]string)
	var bt inbox.BulkTarget
	var err error
	if flag(allTasks) {
		bt.AllTasks = true
		bt.Selection, err = inboxSelection(companyID, group, value(folder), assignedMe, meCustomers, todo, filters)
		return bt, err
	}
	bt.TaskIDs = make([]uuid.UUID, 0, len(taskIDs))
	for _, s := range taskIDs {
		id, err := uuid.Parse(s)
		if err != nil {
			return bt, &apperr.Error{Code: apperr.RecordNotFound, Message: "invalid_task_ids", EntityType: "inbox_task"}
		}
		bt.TaskIDs = append(bt.TaskIDs, id)
	}
	return bt, nil
}

func bulkPayload(res *inbox.BulkResult, errs []*model.MutationError) *model.BulkTasksPayload {
	p := &model.BulkTasksPayload{Result: []*model.BulkResultItem{}, TaskNames: []string{}, Errors: errs}
	if res == nil {
		return p
	}
	for _, it := range res.Items {
		item := &model.BulkResultItem{TaskID: it.TaskID.String(), Title: it.Title, Success: it.Success}
		if it.Error != nil {
			item.Error = MutationError(it.Error)
			p.TaskNames = append(p.TaskNames, it.Title)
		}
		p.Result = append(p.Result, item)
	}
	p.TransactionsCount = res.Failed
	p.Success = res.Succeeded() > 0
	if res.Failed > 0 {
		p.Errors = append(p.Errors, &model.MutationError{Code: string(apperr.ArgumentError), Message: "some_tasks_failed"})
	}
	return p
}

func upload(u *graphql.Upload) *inbox.Upload {
	if u == nil {
		return nil
	}
	return &inbox.Upload{Filename: u.Filename, ContentType: u.ContentType, Size: u.Size, Content: u.File}
}

func inboxUser(p *inbox.Person) *model.InboxUser {
	if p == nil {
		return nil
	}
	m := &model.InboxUser{Name: p.Name, UserType: p.UserType, UserRole: p.UserRole, Active: p.Active, Masked: p.Masked}
	if p.UUID != uuid.Nil {
		id := p.UUID.String()
		m.UUID = &id
	}
	if p.Email != "" {
		m.Email = &p.Email
	}
	return m
}

func inboxTask(t *inbox.Task) *model.InboxTask {
	if t == nil {
		return nil
	}
	m := &model.InboxTask{
		UUID: t.UUID.String(), CompanyID: t.Company.Company.UUID.String(),
		Company: &model.InboxCompany{UUID: t.Company.Company.UUID.String(), Name: t.Company.Company.Name, Abilities: t.Company.Abilities},
		Title:   t.Title, Description: t.Description, Status: t.Status, PermittedTransitions: t.PermittedTransitions,
		StatusEditable: t.StatusEditable, Priority: t.Priority, Urgent: t.Urgent, DueDate: t.DueDate,
		CompletionDate: t.CompletionDate, Overdue: t.Overdue, OverdueStatus: t.OverdueStatus, Hidden: t.Hidden,
		Read: t.Read, UnreadCount: t.UnreadCount, Mentioned: t.Mentioned, CreatedAt: t.CreatedAt,
		UpdatedAt: t.UpdatedAt, ActivityAt: t.ActivityAt, CategoryID: CategoryID(t.CategoryID),
		User: inboxUser(t.Author), Responsible: inboxUser(t.Responsible), TaskType: t.TaskType, Type: t.TaskType,
		WorkflowNodeID: t.WorkflowNodeID, Skippable: t.Skippable, ExternalActions: rawJSON(t.ExternalActions),
	}
	if t.Category.ID != 0 {
		m.Category = Category(t.Category)
	}
	if t.UnreadActivityID != nil {
		id := t.UnreadActivityID.String()
		m.UnreadActivityID = &id
	}
	m.UserActive = t.Author != nil && t.Author.Active
	m.ResponsibleActive = t.Responsible != nil && t.Responsible.Active
	if t.WorkflowInstanceUUID != nil {
		id := t.WorkflowInstanceUUID.String()
		m.WorkflowInstanceID = &id
	}
	inboxWorkflow(m, t)
	return m
}

func inboxAttachment(a *inbox.AttachmentView) *model.InboxAttachment {
	if a == nil {
		return nil
	}
	m := &model.InboxAttachment{UUID: a.UUID.String(), Filename: a.Filename, Extension: a.Extension,
		ContentType: a.ContentType, FileSize: int(a.FileSize), UploadedAt: a.UploadedAt, Uploader: inboxUser(a.Uploader),
		CompanyID: a.CompanyUUID.String(), TaskID: a.TaskUUID.String(), CategoryID: CategoryID(a.CategoryID),
		URL: inbox.DownloadPath(a.UUID), CanDestroy: a.CanDestroy}
	if a.ActivityUUID != nil {
		id := a.ActivityUUID.String()
		m.ActivityID = &id
	}
	return m
}

func inboxMessage(v *inbox.MessageView) *model.InboxMessage {
	if v == nil {
		return nil
	}
	m := &model.InboxMessage{UUID: v.UUID.String(), Body: v.Body, ImageURL: v.ImageURL, Edited: v.Edited,
		Deleted: v.Deleted, DeletedBy: inboxUser(v.DeletedBy), ActivityID: v.ActivityUUID.String(),
		ActivityKey: v.ActivityKey, CreatedAt: v.CreatedAt}
	if r := v.Replyable; r != nil {
		rp := &model.InboxReplyable{ReplyableType: r.Type, UUID: r.UUID.String(), ImageURL: r.ImageURL,
			User: inboxUser(r.User), CreatedAt: r.CreatedAt}
		if r.Body != "" {
			rp.Body = &r.Body
		}
		if r.Filename != "" {
			rp.Filename, rp.Extension, rp.Uploader = &r.Filename, &r.Extension, inboxUser(r.User)
		}
		if r.ActivityKey != "" {
			rp.ActivityKey = &r.ActivityKey
		}
		if r.ActivityUUID != nil {
			id := r.ActivityUUID.String()
			rp.ActivityID = &id
		}
		m.Replyable = rp
	}
	return m
}

func inboxActivity(a *inbox.Activity) *model.InboxActivity {
	if a == nil {
		return nil
	}
	m := &model.InboxActivity{UUID: a.UUID.String(), Key: a.Key, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt,
		ActionAt: a.ActionAt, Read: a.Read, ReadByMe: a.ReadByMe, ReadStatus: a.ReadStatus, Own: a.Own,
		TrackableUser: inboxUser(a.Creator), TrackableMy: a.Own, AdditionArgs: a.AdditionArgs,
		InboxMessage: inboxMessage(a.Message), Attachment: inboxAttachment(a.Attachment),
		EmojiReactions: []*model.EmojiReaction{}, UnreadReactionsByOwner: a.UnreadReactionsByOwner,
		Internal: a.Internal, TaskID: a.TaskUUID.String()}
	if a.Creator != nil {
		m.Creator = &model.InboxActivityCreator{Name: a.Creator.Name, Active: a.Creator.Active,
			UserRole: a.Creator.UserRole, UserType: a.Creator.UserType}
	}
	if a.Message != nil {
		m.Message = &a.Message.Body
		m.ImageURL = a.Message.ImageURL
	}
	for _, r := range a.Reactions {
		er := &model.EmojiReaction{Emoji: r.Emoji, EmojiReactionCount: r.Count, ReactedByMe: r.ReactedByMe,
			EmojiReactedUsers: []*model.InboxUser{}}
		for _, u := range r.Users {
			er.EmojiReactedUsers = append(er.EmojiReactedUsers, inboxUser(u))
		}
		m.EmojiReactions = append(m.EmojiReactions, er)
	}
	return m
}

func inboxStats(s inbox.Stats) *model.InboxStats {
	return &model.InboxStats{TotalCount: int(s.TotalCount), UnreadCount: int(s.UnreadCount), NewCount: int(s.NewCount),
		InProgressCount: int(s.InProgressCount), ClosedCount: int(s.ClosedCount), DeletedCount: int(s.DeletedCount)}
}

// taskPayload answers a single-thread mutation.
func taskPayload(t *inbox.Task, errs []*model.MutationError) *model.InboxTaskPayload {
	if len(errs) > 0 {
		return &model.InboxTaskPayload{Errors: errs}
	}
	return &model.InboxTaskPayload{Task: inboxTask(t), Errors: errs}
}

func activityPayload(a *inbox.Activity, errs []*model.MutationError) *model.InboxActivityPayload {
	if len(errs) > 0 || a == nil {
		return &model.InboxActivityPayload{Errors: errs}
	}
	return &model.InboxActivityPayload{Activity: inboxActivity(a), Message: inboxMessage(a.Message), Errors: errs}
}

func ptrTo[T any](v T) *T { return &v }

// single runs a single-thread mutation and answers with the thread.
func (r *Resolver) single(ctx context.Context, taskID string, run func(*inbox.Service, org.Request, uuid.UUID) (*inbox.Task, error)) (*model.InboxTaskPayload, error) {
	return mutate(ctx, r.inboxService, func(svc *inbox.Service, req org.Request) (*inbox.Task, error) {
		id, err := parseUUID(taskID, "inbox_task")
		if err != nil {
			return nil, err
		}
		return run(svc, req, id)
	}, taskPayload)
}

// singleDone runs a single-thread mutation that answers success.
func (r *Resolver) singleDone(ctx context.Context, taskID string, run func(*inbox.Service, org.Request, uuid.UUID) error) (*model.SuccessPayload, error) {
	return mutate(ctx, r.inboxService, func(svc *inbox.Service, req org.Request) (struct{}, error) {
		id, err := parseUUID(taskID, "inbox_task")
		if err != nil {
			return done(err)
		}
		return done(run(svc, req, id))
	}, succeeded)
}

// inboxTaskCollection maps a page of inboxTasks.
func inboxTaskCollection(list *inbox.List) *model.InboxTaskCollection {
	out := &model.InboxTaskCollection{Collection: mapAll(list.Collection, inboxTask), TotalCount: int(list.TotalCount),
		CompanyAbilities: []*model.CompanyAbility{}, InboxStats: inboxStats(list.Stats)}
	out.CompanyAbilities = companyAbilities(list.CompanyAbilities)
	return out
}

// companyAbilities maps each distinct set of rules once, with its companies:
// a page of 200 threads of an agent's 200 companies has a few sets, and
// mapping (and answering) each company's copy cost most of the request.
func companyAbilities(companies []*org.CompanyAccess) []*model.CompanyAbility {
	out := []*model.CompanyAbility{}
	var sets []access.Abilities // those of each entry of out
	for _, c := range companies {
		i := slices.IndexFunc(sets, c.Abilities.SameRules)
		if i < 0 {
			i = len(out)
			sets = append(sets, c.Abilities)
			out = append(out, &model.CompanyAbility{CompanyIds: []string{}, Rules: rules(c.Abilities)})
		}
		out[i].CompanyIds = append(out[i].CompanyIds, c.Company.UUID.String())
	}
	return out
}

func inboxSearch(res *inbox.SearchResult) *model.InboxSearchCollection {
	out := &model.InboxSearchCollection{Collection: []*model.InboxSearchHit{}, Participants: []*model.InboxUser{},
		ResponsibleUsers: []*model.InboxUser{}, Senders: []*model.InboxUser{}, TotalCount: int(res.TotalCount)}
	for _, h := range res.Collection {
		hit := &model.InboxSearchHit{Thread: inboxTask(h.Task), EntityType: h.EntityType, HighlightSearchText: h.Highlight}
		if h.ActivityID != nil {
			id := h.ActivityID.String()
			hit.ActivityID = &id
		}
		out.Collection = append(out.Collection, hit)
	}
	for _, l := range []struct {
		in  []inbox.Person
		out *[]*model.InboxUser
	}{{res.Participants, &out.Participants}, {res.ResponsibleUsers, &out.ResponsibleUsers}, {res.Senders, &out.Senders}} {
		for i := range l.in {
			*l.out = append(*l.out, inboxUser(&l.in[i]))
		}
	}
	return out
}

// inboxPerson is a person of the inbox's people lists as a User.
func inboxPerson(p inbox.Person) *model.User {
	return &model.User{UUID: p.UUID.String(), Name: p.Name, Email: p.Email, Active: p.Active, UserRole: p.UserRole,
		UserType: p.UserType}
}

func inboxViewer(v inbox.Viewer) *model.User {
	m := inboxPerson(v.Person)
	m.ActivityReadedAt = v.ActivityReadedAt
	return m
}

// externalApplication finds an application of the workflow engine's
// catalogue (externalApplications) for applicationIframe.
func externalApplication(id string) (inbox.Application, bool) {
	a, ok := workflow.FindApplication(id)
	if !ok {
		return inbox.Application{}, false
	}
	app := inbox.Application{ID: a.ID}
	for _, act := range a.Actions {
		app.ActionKeys = append(app.ActionKeys, act.Key)
	}
	return app, true
}
