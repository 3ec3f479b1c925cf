package inbox

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
)

// Kinds of reply targets.
const (
	ReplyMessage    = "Inbox_Message"
	ReplyAttachment = "Inbox_Attachment"
)

// CreateMessageParams is createMessage.
type CreateMessageParams struct {
	TaskID uuid.UUID
	Body   string
	Image  *Upload
	// ReplyableID and ReplyableType name the message or attachment replied to.
	ReplyableID   *uuid.UUID
	ReplyableType string
}

// mentionIDs keeps the mentioned users who are in the thread's audience (and
// whose read state is kept).
func mentionIDs(aud *audience, ids []uuid.UUID) []int64 {
	if len(ids) == 0 {
		return nil
	}
	var out []int64
	for id, u := range aud.byID {
		if slices.Contains(ids, u) && aud.trackOK[id] {
			out = append(out, id)
		}
	}
	return out
}

func checkImage(img *Upload) error {
	if img == nil {
		return nil
	}
	name := cleanFilename(img.Filename)
	ext := strings.ToLower(name[strings.LastIndex(name, ".")+1:])
	if name == "" || !strings.Contains(name, ".") || !slices.Contains(ImageExtensions, ext) {
		return apperr.Invalid("image", "invalid_image_extension")
	}
	return nil
}

// CreateMessage writes a message to a thread (createMessage).
func (s *Service) CreateMessage(ctx context.Context, req org.Request, p CreateMessageParams) (*Activity, error) {
	l, err := s.load(ctx, req, p.TaskID)
	if err != nil {
		return nil, err
	}
	if err := writableThread(l, l.Thread, access.SubjectMessage, "message"); err != nil {
		return nil, err
	}
	body, err := Sanitize("message", p.Body)
	if err != nil {
		return nil, err
	}
	if body.Empty() && p.Image == nil {
		return nil, apperr.Invalid("message", "message_cannot_be_empty")
	}
	if err := checkImage(p.Image); err != nil {
		return nil, err
	}
	var replyType *string
	var replyID *int64
	if p.ReplyableID != nil {
		t := p.ReplyableType
		switch t {
		case ReplyMessage:
			m, err := s.st.MessageGetByUUID(ctx, *p.ReplyableID)
			if err != nil || m.CompanyID != l.CompanyID || m.ThreadID != l.ID || m.DeletedAt != nil {
				return nil, apperr.NotFound("message")
			}
			replyID = &m.ID
		case ReplyAttachment:
			a, err := s.st.AttachmentGetByUUID(ctx, *p.ReplyableID)
			if err != nil || a.CompanyID != l.CompanyID || a.ThreadID != l.ID || a.DeletedAt != nil {
				return nil, apperr.NotFound("attachment")
			}
			replyID = &a.ID
		default:
			return nil, apperr.Argument("invalid_replyable_type")
		}
		replyType = &t
	}
	var files []stored
	if p.Image != nil {
		if files, err = s.putUploads(ctx, l.CompanyID, []Upload{*p.Image}); err != nil {
			return nil, err
		}
	}
	var actID int64
	release, err := s.writeAnswering(ctx, func(tx *tx) error {
		row, err := tx.q.ThreadLock(ctx, store.ThreadLockParams{CompanyID: l.CompanyID, ID: l.ID})
		if err != nil {
			return err
		}
		t := Thread(row)
		if err := writableThread(l, t, access.SubjectMessage, "message"); err != nil {
			return err
		}
		act, err := s.addActivity(ctx, tx, t, req.User.ID, "inbox_message.create", nil)
		if err != nil {
			return err
		}
		actID = act.ID
		var imageID *int64
		if len(files) == 1 {
			// an image of the message: no activity, no fan-out of its own
			a, err := s.insertAttachment(ctx, tx, t, req, files[0], nil, true)
			if err != nil {
				return err
			}
			imageID = &a.ID
		}
		m, err := tx.q.MessageCreate(ctx, store.MessageCreateParams{CompanyID: t.CompanyID, ThreadID: t.ID, ActivityID: act.ID,
			UserID: &req.User.ID, Body: body.HTML, BodyText: body.Text, ImageAttachmentID: imageID,
			ReplyableType: replyType, ReplyableID: replyID})
		if err != nil {
			return err
		}
		// the author's own view is right at once; the readers' marks and the
		// event to them follow the commit (fanout.go)
		if l.sc.Abilities.MarksRead() {
			if _, err := markRead(ctx, tx.q, t, req.User.ID, act.ID); err != nil {
				return err
			}
		}
		if err := tx.fanOut(ctx, t, act.ID, req.User.ID, body.Mentions, fanOutEvent{Key: "inbox_message.create",
			Data: map[string]any{"uuid": m.UUID, "activityId": act.UUID, "taskId": t.UUID,
				"companyId": l.sc.Company.UUID, "userId": req.User.UUID},
			Mail: &notify.Mail{Activity: act.UUID}, MailMentions: true}); err != nil { // Mentioned: threadMentionOfMe's readers
			return err
		}
		return logEvent(ctx, tx.q, req, t.CompanyID, "message_created", map[string]any{"taskId": t.UUID, "messageId": m.UUID})
	})
	defer release()
	if err != nil {
		s.dropUploads(ctx, files)
		return nil, err
	}
	return s.newActivityView(ctx, req, l, actID)
}

// loadMessage finds a live message of the thread and checks the viewer may
// change it (action update or hide: only its author).
func (s *Service) loadMessage(ctx context.Context, req org.Request, taskID, messageID uuid.UUID, action string) (*loaded, store.MessageGetByUUIDRow, error) {
	l, err := s.load(ctx, req, taskID)
	if err != nil {
		return nil, store.MessageGetByUUIDRow{}, err
	}
	m, err := s.st.MessageGetByUUID(ctx, messageID)
	if err != nil || m.CompanyID != l.CompanyID || m.ThreadID != l.ID || m.DeletedAt != nil {
		return nil, m, apperr.NotFound("message")
	}
	var author uuid.UUID
	if m.UserID != nil {
		if u, err := s.st.UserGet(ctx, *m.UserID); err == nil {
			author = u.UUID
		}
	}
	if l.Hidden {
		return nil, m, apperr.Argument("thread_is_hidden")
	}
	if finished(l.Status) {
		return nil, m, apperr.Argument("cannot_change_message_in_closed_thread")
	}
	if !l.category().Active {
		return nil, m, apperr.Argument("category_is_inactive")
	}
	if author != req.User.UUID || !l.sc.Abilities.CanOn(action, access.SubjectMessage,
		access.Object{CompanyID: l.sc.Company.UUID, CategoryID: l.CategoryID, UserID: author}) {
		return nil, m, apperr.Denied("only_author_can_change_message")
	}
	return l, m, nil
}

// UpdateMessage edits the author's own message (updateMessage); it is marked
// edited. A message left with neither text nor image is refused.
func (s *Service) UpdateMessage(ctx context.Context, req org.Request, taskID, messageID uuid.UUID, text string, removeImage bool) (*Activity, error) {
	l, m, err := s.loadMessage(ctx, req, taskID, messageID, access.ActionUpdate)
	if err != nil {
		return nil, err
	}
	body, err := Sanitize("message", text)
	if err != nil {
		return nil, err
	}
	image := m.ImageAttachmentID
	if removeImage {
		image = nil
	}
	if body.Empty() && image == nil {
		return nil, apperr.Invalid("message", "message_cannot_be_empty")
	}
	err = s.write(ctx, func(tx *tx) error {
		if err := tx.q.MessageUpdate(ctx, store.MessageUpdateParams{CompanyID: m.CompanyID, ID: m.ID, Body: body.HTML,
			BodyText: body.Text, ImageAttachmentID: image}); err != nil {
			return err
		}
		if removeImage && m.ImageAttachmentID != nil {
			if err := tx.q.AttachmentDelete(ctx, store.AttachmentDeleteParams{CompanyID: m.CompanyID, ID: *m.ImageAttachmentID, DeletedBy: &req.User.ID}); err != nil {
				return err
			}
		}
		if err := tx.q.ActivityTouch(ctx, store.ActivityTouchParams{CompanyID: m.CompanyID, ID: m.ActivityID}); err != nil {
			return err
		}
		aud, err := audienceOf(ctx, tx.q, l.sc, l.CategoryID)
		if err != nil {
			return err
		}
		tx.emit(aud.all, "inbox_message.update", map[string]any{"uuid": m.UUID, "taskId": l.UUID})
		return logEvent(ctx, tx.q, req, m.CompanyID, "message_updated", map[string]any{"taskId": l.UUID, "messageId": m.UUID})
	})
	if err != nil {
		return nil, err
	}
	list, err := s.activityViews(ctx, req, l, []int64{m.ActivityID})
	if err != nil {
		return nil, err
	}
	return list[0], nil
}

// DeleteMessage deletes the author's own message (deleteMessage): it stays in
// the stream as deleted, with who deleted it, and without its text.
func (s *Service) DeleteMessage(ctx context.Context, req org.Request, taskID, messageID uuid.UUID) error {
	l, m, err := s.loadMessage(ctx, req, taskID, messageID, access.ActionHide)
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *tx) error {
		if err := tx.q.MessageDelete(ctx, store.MessageDeleteParams{CompanyID: m.CompanyID, ID: m.ID, DeletedBy: &req.User.ID}); err != nil {
			return err
		}
		if err := tx.q.ActivitySetKey(ctx, store.ActivitySetKeyParams{CompanyID: m.CompanyID, ID: m.ActivityID, Key: "inbox_message.destroy"}); err != nil {
			return err
		}
		aud, err := audienceOf(ctx, tx.q, l.sc, l.CategoryID)
		if err != nil {
			return err
		}
		tx.emit(aud.all, "inbox_message.destroy", map[string]any{"uuid": m.UUID, "taskId": l.UUID})
		return logEvent(ctx, tx.q, req, m.CompanyID, "message_deleted", map[string]any{"taskId": l.UUID, "messageId": m.UUID})
	})
}

// MentionCandidates are the active users who may see a thread (or a new
// thread of a category), matching search, for mention suggestions (users query
// with taskId or categoryId). Customers must type at least 4 characters. The
// viewer is left out unless includeCurrent.
func (s *Service) MentionCandidates(ctx context.Context, req org.Request, companyID uuid.UUID, taskID *uuid.UUID, categoryID *int64, search string,
	includeCurrent bool) ([]Person, error) {
	var sc *scope
	var cat int64
	switch {
	case taskID != nil:
		l, err := s.load(ctx, req, *taskID)
		if err != nil {
			return nil, err
		}
		sc, cat = l.sc, l.CategoryID
	case categoryID != nil:
		c, err := s.companyScope(ctx, req, companyID)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(c.Abilities.VisibleCategoryIDs(), *categoryID) {
			return nil, apperr.NotFound("category")
		}
		sc, cat = c, *categoryID
	default:
		return nil, apperr.Argument("task_id_or_category_id_required")
	}
	search = strings.ToLower(strings.TrimSpace(search))
	if !isStaff(req.User) && len([]rune(search)) < 4 {
		return []Person{}, nil
	}
	aud, err := audienceOf(ctx, s.st.Queries, sc, cat)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(aud.byID))
	for id := range aud.byID {
		ids = append(ids, id)
	}
	users, err := usersByID(ctx, s.st.Queries, ids)
	if err != nil {
		return nil, err
	}
	out := []Person{}
	for _, u := range users {
		if !u.Active || (u.ID == req.User.ID && !includeCurrent) || u.UserRole == string(access.UserRoleAdmin) {
			continue
		}
		if search != "" && !strings.Contains(strings.ToLower(u.Name), search) && !strings.Contains(strings.ToLower(u.Email), search) {
			continue
		}
		out = append(out, *person(&u, isStaff(req.User)))
	}
	slices.SortFunc(out, func(a, b Person) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out, nil
}
