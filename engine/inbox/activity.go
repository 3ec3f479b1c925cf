package inbox

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
)

// DownloadPath is where an attachment's content is served.
func DownloadPath(id uuid.UUID) string { return "/api/download/" + id.String() }

// Activity is one entry of a thread's stream as a viewer sees it.
type Activity struct {
	store.Activity
	TaskUUID     uuid.UUID
	CompanyUUID  uuid.UUID
	Creator      *Person
	Own          bool
	ReadByMe     bool
	Read         bool
	ReadStatus   string // none, partial, full
	AdditionArgs map[string]any
	Message      *MessageView
	Attachment   *AttachmentView
	Reactions    []*Reaction
	// UnreadReactionsByOwner: reactions by others on the viewer's own activity.
	UnreadReactionsByOwner int
}

// MessageView is a message as a viewer sees it; a deleted message keeps no body.
type MessageView struct {
	UUID         uuid.UUID
	Body         string
	ImageURL     *string
	Edited       bool
	EditedAt     *time.Time
	Deleted      bool
	DeletedBy    *Person
	ActivityUUID uuid.UUID
	ActivityKey  string
	Replyable    *Replyable
	CreatedAt    time.Time
}

// Replyable is the quoted message or attachment a message replies to.
type Replyable struct {
	Type         string // Inbox_Message or Inbox_Attachment
	UUID         uuid.UUID
	Body         string
	Filename     string
	Extension    string
	ImageURL     *string
	User         *Person
	ActivityKey  string
	ActivityUUID *uuid.UUID
	CreatedAt    time.Time
}

// Reaction is one emoji on an activity with who reacted.
type Reaction struct {
	Emoji       string
	Count       int
	Users       []*Person
	ReactedByMe bool
}

// ActivityPage is inboxActivities.
type ActivityPage struct {
	Collection    []*Activity
	HasMoreBefore bool
	HasMoreAfter  bool
}

// ActivityPageParams are inboxActivities' arguments.
type ActivityPageParams struct {
	TaskID    uuid.UUID
	Limit     int
	Fresh     bool
	CurrentID *uuid.UUID
	FirstID   *uuid.UUID
	LastID    *uuid.UUID
	Internal  bool
}

// Activities pages a thread's stream: after lastId (newer), before firstId
// (older), around currentId, or the newest page (fresh or no cursor). Pages
// are in stream order, oldest first.
func (s *Service) Activities(ctx context.Context, req org.Request, p ActivityPageParams) (*ActivityPage, error) {
	l, err := s.load(ctx, req, p.TaskID)
	if err != nil {
		return nil, err
	}
	if p.Internal && !isStaff(req.User) {
		return &ActivityPage{Collection: []*Activity{}}, nil
	}
	limit := p.Limit
	if limit <= 0 {
		limit = 30
	}
	limit = min(limit, 100)
	cursor := func(id *uuid.UUID) (int64, error) {
		a, err := s.st.ActivityGetByUUID(ctx, *id)
		if err != nil || a.CompanyID != l.CompanyID || a.ThreadID != l.ID {
			return 0, apperr.NotFound("activity")
		}
		return a.ID, nil
	}
	before := func(id int64, n int) ([]store.Activity, bool, error) {
		rows, err := s.st.ActivityPageBefore(ctx, store.ActivityPageBeforeParams{CompanyID: l.CompanyID, ThreadID: l.ID,
			BeforeID: id, Internal: p.Internal, Lim: int32(n + 1)})
		if err != nil {
			return nil, false, err
		}
		more := len(rows) > n
		if more {
			rows = rows[:n]
		}
		slices.Reverse(rows)
		return rows, more, nil
	}
	after := func(id int64, n int) ([]store.Activity, bool, error) {
		rows, err := s.st.ActivityPageAfter(ctx, store.ActivityPageAfterParams{CompanyID: l.CompanyID, ThreadID: l.ID,
			AfterID: id, Internal: p.Internal, Lim: int32(n + 1)})
		if err != nil {
			return nil, false, err
		}
		more := len(rows) > n
		if more {
			rows = rows[:n]
		}
		return rows, more, nil
	}
	page := &ActivityPage{}
	var rows []store.Activity
	switch {
	case p.LastID != nil && !p.Fresh:
		id, err := cursor(p.LastID)
		if err != nil {
			return nil, err
		}
		rows, page.HasMoreAfter, err = after(id, limit)
		if err != nil {
			return nil, err
		}
		page.HasMoreBefore = true
	case p.FirstID != nil && !p.Fresh:
		id, err := cursor(p.FirstID)
		if err != nil {
			return nil, err
		}
		rows, page.HasMoreBefore, err = before(id, limit)
		if err != nil {
			return nil, err
		}
		page.HasMoreAfter = true
	case p.CurrentID != nil && !p.Fresh:
		id, err := cursor(p.CurrentID)
		if err != nil {
			return nil, err
		}
		older, moreBefore, err := before(id+1, limit/2+1)
		if err != nil {
			return nil, err
		}
		newer, moreAfter, err := after(id, limit-len(older))
		if err != nil {
			return nil, err
		}
		rows, page.HasMoreBefore, page.HasMoreAfter = append(older, newer...), moreBefore, moreAfter
	default:
		rows, page.HasMoreBefore, err = before(1<<62, limit)
		if err != nil {
			return nil, err
		}
	}
	page.Collection, err = s.buildActivities(ctx, req, l, rows, nil)
	return page, err
}

// Activity is inboxActivity: one activity of a thread.
func (s *Service) Activity(ctx context.Context, req org.Request, taskID *uuid.UUID, id uuid.UUID) (*Activity, error) {
	a, err := s.st.ActivityGetByUUID(ctx, id)
	if err != nil {
		return nil, apperr.NotFound("activity")
	}
	t, err := s.st.ThreadGet(ctx, store.ThreadGetParams{CompanyID: a.CompanyID, ID: a.ThreadID})
	if err != nil || (taskID != nil && t.UUID != *taskID) {
		return nil, apperr.NotFound("activity")
	}
	l, err := s.load(ctx, req, t.UUID)
	if err != nil {
		return nil, apperr.NotFound("activity")
	}
	if a.Internal && !isStaff(req.User) {
		return nil, apperr.NotFound("activity")
	}
	list, err := s.buildActivities(ctx, req, l, []store.Activity{a}, nil)
	if err != nil {
		return nil, err
	}
	return list[0], nil
}

// activityViews builds the views of activities by internal id.
func (s *Service) activityViews(ctx context.Context, req org.Request, l *loaded, ids []int64) ([]*Activity, error) {
	rows, err := s.st.ActivityListByIDs(ctx, store.ActivityListByIDsParams{CompanyID: l.CompanyID, Ids: ids})
	if err != nil {
		return nil, err
	}
	return s.buildActivities(ctx, req, l, rows, nil)
}

// newActivityView is the view of an activity the viewer has just written and
// read, as its transaction committed it: nobody else has read it yet, so its
// read status needs none of the thread's read state (which grows with its
// readers).
func (s *Service) newActivityView(ctx context.Context, req org.Request, l *loaded, id int64) (*Activity, error) {
	rows, err := s.st.ActivityListByIDs(ctx, store.ActivityListByIDsParams{CompanyID: l.CompanyID, Ids: []int64{id}})
	if err != nil {
		return nil, err
	}
	own := store.ThreadReadPositionsRow{UserID: &req.User.ID, LastReadActivityID: &id, Readers: 1}
	reads := &threadReads{positions: []store.ThreadReadPositionsRow{own}, users: map[int64]store.ThreadReadPositionsRow{req.User.ID: own}}
	list, err := s.buildActivities(ctx, req, l, rows, reads)
	if err != nil {
		return nil, err
	}
	return list[0], nil
}

// buildActivities maps activities with their messages, attachments, reactions,
// creators and read receipts, in a fixed number of queries.
// reads, when not nil, is the thread's read state as known (else it is read).
func (s *Service) buildActivities(ctx context.Context, req org.Request, l *loaded, rows []store.Activity, reads *threadReads) ([]*Activity, error) {
	out := make([]*Activity, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	q := s.st.Queries
	ids := make([]int64, len(rows))
	actUUID := map[int64]uuid.UUID{}
	actKey := map[int64]string{}
	for i, a := range rows {
		ids[i] = a.ID
		actUUID[a.ID], actKey[a.ID] = a.UUID, a.Key
	}
	msgs, err := q.MessageListByActivities(ctx, store.MessageListByActivitiesParams{CompanyID: l.CompanyID, ActivityIds: ids})
	if err != nil {
		return nil, err
	}
	atts, err := q.AttachmentListByActivities(ctx, store.AttachmentListByActivitiesParams{CompanyID: l.CompanyID, ActivityIds: ids})
	if err != nil {
		return nil, err
	}
	reacts, err := q.ReactionListByActivities(ctx, store.ReactionListByActivitiesParams{CompanyID: l.CompanyID, ActivityIds: ids})
	if err != nil {
		return nil, err
	}
	if reads == nil {
		r, err := threadReadsOf(ctx, q, l, req.User.ID, rows)
		if err != nil {
			return nil, err
		}
		reads = &r
	}
	// referenced rows: images and replied-to messages and attachments
	var replyMsgIDs, extraAttIDs []int64
	for _, m := range msgs {
		if m.ImageAttachmentID != nil {
			extraAttIDs = append(extraAttIDs, *m.ImageAttachmentID)
		}
		if m.ReplyableID != nil && m.ReplyableType != nil {
			if *m.ReplyableType == ReplyMessage {
				replyMsgIDs = append(replyMsgIDs, *m.ReplyableID)
			} else {
				extraAttIDs = append(extraAttIDs, *m.ReplyableID)
			}
		}
	}
	replyMsgs := map[int64]store.MessageListByIDsRow{}
	if len(replyMsgIDs) > 0 {
		list, err := q.MessageListByIDs(ctx, store.MessageListByIDsParams{CompanyID: l.CompanyID, Ids: replyMsgIDs})
		if err != nil {
			return nil, err
		}
		for _, m := range list {
			replyMsgs[m.ID] = m
		}
	}
	attByID := map[int64]store.AttachmentCreateRow{}
	for _, a := range atts {
		attByID[a.ID] = store.AttachmentCreateRow(a)
	}
	if len(extraAttIDs) > 0 {
		list, err := q.AttachmentListByIDs(ctx, store.AttachmentListByIDsParams{CompanyID: l.CompanyID, Ids: extraAttIDs})
		if err != nil {
			return nil, err
		}
		for _, a := range list {
			attByID[a.ID] = store.AttachmentCreateRow(a)
		}
	}
	userIDs := []int64{}
	for _, a := range rows {
		if a.UserID != nil {
			userIDs = append(userIDs, *a.UserID)
		}
	}
	for _, m := range msgs {
		if m.DeletedBy != nil {
			userIDs = append(userIDs, *m.DeletedBy)
		}
	}
	for _, m := range replyMsgs {
		if m.UserID != nil {
			userIDs = append(userIDs, *m.UserID)
		}
	}
	for _, a := range attByID {
		if a.UploaderID != nil {
			userIDs = append(userIDs, *a.UploaderID)
		}
	}
	for _, r := range reacts {
		userIDs = append(userIDs, r.UserID)
	}
	users, err := usersByID(ctx, q, userIDs)
	if err != nil {
		return nil, err
	}
	staff := isStaff(req.User)
	pp := func(id *int64) *Person {
		if id == nil {
			return nil
		}
		if u, ok := users[*id]; ok {
			return person(&u, staff)
		}
		return nil
	}
	if l.sc.uploaders == nil {
		l.sc.uploaders = map[int64]uuid.UUID{}
	}
	for id, u := range users {
		l.sc.uploaders[id] = u.UUID
	}
	msgByAct := map[int64]store.MessageListByActivitiesRow{}
	for _, m := range msgs {
		msgByAct[m.ActivityID] = m
	}
	attByAct := map[int64]store.AttachmentCreateRow{}
	for _, a := range atts {
		if a.ActivityID != nil {
			attByAct[*a.ActivityID] = store.AttachmentCreateRow(a)
		}
	}
	var myRead int64
	if r, ok := reads.users[req.User.ID]; ok && r.LastReadActivityID != nil {
		myRead = *r.LastReadActivityID
	}
	for _, a := range rows {
		v := &Activity{Activity: a, TaskUUID: l.UUID, CompanyUUID: l.sc.Company.UUID, Creator: pp(a.UserID),
			Own: a.UserID != nil && *a.UserID == req.User.ID, AdditionArgs: map[string]any{}, Reactions: []*Reaction{}}
		_ = json.Unmarshal(a.AdditionArgs, &v.AdditionArgs)
		v.ReadByMe = v.Own || myRead >= a.ID || !l.sc.Abilities.MarksRead()
		readers, others := reads.readStatus(a)
		switch {
		case readers == 0:
			v.ReadStatus = "none"
		case readers < others:
			v.ReadStatus = "partial"
		default:
			v.ReadStatus = "full"
		}
		v.Read = readers > 0
		if m, ok := msgByAct[a.ID]; ok {
			mv := &MessageView{UUID: m.UUID, Body: m.Body, Edited: m.EditedAt != nil, EditedAt: m.EditedAt,
				Deleted: m.DeletedAt != nil, DeletedBy: pp(m.DeletedBy), ActivityUUID: a.UUID, ActivityKey: a.Key, CreatedAt: m.CreatedAt}
			if mv.Deleted {
				mv.Body = ""
			} else if m.ImageAttachmentID != nil {
				if img, ok := attByID[*m.ImageAttachmentID]; ok && img.DeletedAt == nil {
					u := DownloadPath(img.UUID)
					mv.ImageURL = &u
				}
			}
			if !mv.Deleted && m.ReplyableID != nil && m.ReplyableType != nil {
				mv.Replyable = replyable(*m.ReplyableType, *m.ReplyableID, replyMsgs, attByID, actUUID, actKey, pp)
			}
			v.Message = mv
		}
		if at, ok := attByAct[a.ID]; ok {
			views, err := s.attachmentViews(ctx, req, l, []store.AttachmentCreateRow{at}, actUUID)
			if err != nil {
				return nil, err
			}
			if at.DeletedAt == nil {
				v.Attachment = views[0]
			}
		}
		for _, r := range reacts {
			if r.ActivityID != a.ID {
				continue
			}
			var cur *Reaction
			if n := len(v.Reactions); n > 0 && v.Reactions[n-1].Emoji == r.Emoji {
				cur = v.Reactions[n-1]
			} else {
				cur = &Reaction{Emoji: r.Emoji, Users: []*Person{}}
				v.Reactions = append(v.Reactions, cur)
			}
			cur.Count++
			if p := pp(&r.UserID); p != nil {
				cur.Users = append(cur.Users, p)
			}
			if r.UserID == req.User.ID {
				cur.ReactedByMe = true
			} else if v.Own && r.CreatedAt.After(reads.readAt(req.User.ID)) {
				v.UnreadReactionsByOwner++
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// threadReads is a thread's read state as its activities' views need it:
// how many readers stand at each read position, and the rows of the
// activities' creators and the viewer.
type threadReads struct {
	positions []store.ThreadReadPositionsRow
	users     map[int64]store.ThreadReadPositionsRow
}

func threadReadsOf(ctx context.Context, q *store.Queries, l *loaded, viewer int64, acts []store.Activity) (threadReads, error) {
	users := []int64{viewer}
	for _, a := range acts {
		if a.UserID != nil {
			users = append(users, *a.UserID)
		}
	}
	rows, err := q.ThreadReadPositions(ctx, store.ThreadReadPositionsParams{CompanyID: l.CompanyID, ThreadID: l.ID, UserIds: users})
	out := threadReads{users: map[int64]store.ThreadReadPositionsRow{}}
	for _, r := range rows {
		if r.UserID == nil {
			out.positions = append(out.positions, r)
		} else {
			out.users[*r.UserID] = r
		}
	}
	return out, err
}

// readStatus counts the readers of an activity but its creator: all of
// them (others), and those who have read up to it.
func (t threadReads) readStatus(a store.Activity) (readers, others int) {
	for _, p := range t.positions {
		others += int(p.Readers)
		if p.LastReadActivityID != nil && *p.LastReadActivityID >= a.ID {
			readers += int(p.Readers)
		}
	}
	if a.UserID == nil {
		return readers, others
	}
	if c, ok := t.users[*a.UserID]; ok {
		others--
		if c.LastReadActivityID != nil && *c.LastReadActivityID >= a.ID {
			readers--
		}
	}
	return readers, others
}

func (t threadReads) readAt(userID int64) time.Time {
	if r, ok := t.users[userID]; ok && r.ReadAt != nil {
		return *r.ReadAt
	}
	return time.Time{}
}

func replyable(kind string, id int64, msgs map[int64]store.MessageListByIDsRow, atts map[int64]store.AttachmentCreateRow,
	actUUID map[int64]uuid.UUID, actKey map[int64]string, pp func(*int64) *Person) *Replyable {
	switch kind {
	case ReplyMessage:
		m, ok := msgs[id]
		if !ok || m.DeletedAt != nil {
			return nil
		}
		r := &Replyable{Type: kind, UUID: m.UUID, Body: m.Body, User: pp(m.UserID), CreatedAt: m.CreatedAt}
		if u, ok := actUUID[m.ActivityID]; ok {
			r.ActivityUUID, r.ActivityKey = &u, actKey[m.ActivityID]
		}
		return r
	case ReplyAttachment:
		a, ok := atts[id]
		if !ok || a.DeletedAt != nil {
			return nil
		}
		r := &Replyable{Type: kind, UUID: a.UUID, Filename: a.Filename, Extension: a.Extension, User: pp(a.UploaderID),
			CreatedAt: a.UploadedAt, ActivityKey: "inbox_attachment.create"}
		if slices.Contains(ImageExtensions, strings.ToLower(a.Extension)) {
			u := DownloadPath(a.UUID)
			r.ImageURL = &u
		}
		if a.ActivityID != nil {
			if u, ok := actUUID[*a.ActivityID]; ok {
				r.ActivityUUID = &u
			}
		}
		return r
	}
	return nil
}

func authorID(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

// ToggleReaction adds the viewer's emoji to an activity, or takes it away
// (toggleEmojiReaction).
func (s *Service) ToggleReaction(ctx context.Context, req org.Request, activityID uuid.UUID, emoji string) (*Activity, error) {
	emoji = strings.TrimSpace(emoji)
	if emoji == "" || len(emoji) > 16 {
		return nil, apperr.Argument("invalid_emoji")
	}
	a, err := s.st.ActivityGetByUUID(ctx, activityID)
	if err != nil {
		return nil, apperr.NotFound("activity")
	}
	t, err := s.st.ThreadGet(ctx, store.ThreadGetParams{CompanyID: a.CompanyID, ID: a.ThreadID})
	if err != nil {
		return nil, apperr.NotFound("activity")
	}
	l, err := s.load(ctx, req, t.UUID)
	if err != nil || (a.Internal && !isStaff(req.User)) {
		return nil, apperr.NotFound("activity")
	}
	if l.Hidden {
		return nil, apperr.Argument("thread_is_hidden")
	}
	if !l.sc.Abilities.CanOn(access.ActionRead, access.SubjectMessage, access.Object{CompanyID: l.sc.Company.UUID, CategoryID: l.CategoryID}) {
		return nil, apperr.NotFound("activity")
	}
	err = s.write(ctx, func(tx *tx) error {
		n, err := tx.q.ReactionRemove(ctx, store.ReactionRemoveParams{CompanyID: a.CompanyID, ActivityID: a.ID, UserID: req.User.ID, Emoji: emoji})
		if err != nil {
			return err
		}
		added := n == 0
		if added {
			if _, err := tx.q.ReactionAdd(ctx, store.ReactionAddParams{CompanyID: a.CompanyID, ActivityID: a.ID, UserID: req.User.ID, Emoji: emoji}); err != nil {
				return err
			}
		}
		if err := tx.q.ActivityTouch(ctx, store.ActivityTouchParams{CompanyID: a.CompanyID, ID: a.ID}); err != nil {
			return err
		}
		aud, err := audienceOf(ctx, tx.q, l.sc, l.CategoryID)
		if err != nil {
			return err
		}
		var mail *notify.Mail
		if author, ok := aud.byID[authorID(a.UserID)]; ok && added && a.Key == "inbox_message.create" && author != req.User.UUID {
			// newReactionToMyMessage: once per reaction, however often it is toggled
			mail = mailChange(MailReactionToMyMessage, fmt.Sprintf("reaction-%d-%d-%x", a.ID, req.User.ID, emoji),
				req.User.UUID, []uuid.UUID{author})
		}
		tx.emitMail(aud.all, "inbox_activity.update", map[string]any{"uuid": a.UUID, "taskId": l.UUID}, mail)
		return logEvent(ctx, tx.q, req, a.CompanyID, "reaction_toggled",
			map[string]any{"taskId": l.UUID, "activityId": a.UUID, "emoji": emoji, "added": added})
	})
	if err != nil {
		return nil, err
	}
	list, err := s.activityViews(ctx, req, l, []int64{a.ID})
	if err != nil {
		return nil, err
	}
	return list[0], nil
}

// Viewer is a user who has read a thread up to an activity.
type Viewer struct {
	Person
	ActivityReadedAt *time.Time
}

// Viewers lists who has read an activity (users query with activityId):
// staff with view_readers only.
func (s *Service) Viewers(ctx context.Context, req org.Request, activityID uuid.UUID, page, limit int) ([]Viewer, int64, error) {
	a, err := s.st.ActivityGetByUUID(ctx, activityID)
	if err != nil {
		return nil, 0, apperr.NotFound("activity")
	}
	t, err := s.st.ThreadGet(ctx, store.ThreadGetParams{CompanyID: a.CompanyID, ID: a.ThreadID})
	if err != nil {
		return nil, 0, apperr.NotFound("activity")
	}
	l, err := s.load(ctx, req, t.UUID)
	if err != nil {
		return nil, 0, apperr.NotFound("activity")
	}
	if !l.can(access.ActionViewReaders) {
		return nil, 0, apperr.Denied("")
	}
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, 100)
	page = max(page, 1)
	rows, err := s.st.ThreadReadViewers(ctx, store.ThreadReadViewersParams{CompanyID: a.CompanyID, ThreadID: a.ThreadID,
		ActivityID: &a.ID, Lim: int32(limit), Off: int32((page - 1) * limit)})
	if err != nil {
		return nil, 0, err
	}
	n, err := s.st.ThreadReadViewersCount(ctx, store.ThreadReadViewersCountParams{CompanyID: a.CompanyID, ThreadID: a.ThreadID, ActivityID: &a.ID})
	if err != nil {
		return nil, 0, err
	}
	out := make([]Viewer, 0, len(rows))
	for _, r := range rows {
		out = append(out, Viewer{Person: Person{ID: r.ID, UUID: r.UUID, Name: r.Name, Email: r.Email, UserType: r.UserType,
			UserRole: r.UserRole, Active: r.Active}, ActivityReadedAt: r.ReadAt})
	}
	return out, n, nil
}
