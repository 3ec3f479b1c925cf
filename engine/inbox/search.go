package inbox

import (
	"cmp"
	"context"
	"html"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// Search hit kinds (the spec's entityType).
const (
	HitTask       = "Inbox::Task"
	HitMessage    = "Inbox::Message"
	HitAttachment = "Inbox::Attachment"
	HitUser       = "User"
)

// SearchCap is the most hits one search looks at: totalCount and the facets
// count at most this many (the newest; the client shows "200+"), so a common
// word costs little more than a rare one.
const SearchCap = 200

// SearchParams is searchInboxTasks.
type SearchParams struct {
	// CompanyID and Group narrow the search like the list; none: every company.
	CompanyID *uuid.UUID
	Group     bool
	Query     string
	Page      int
	Limit     int
	// Attachments: attachment names only.
	Attachments  bool
	Participants []uuid.UUID // who wrote the matching message or uploaded the file
	Senders      []uuid.UUID // thread authors
	Responsible  []uuid.UUID // thread responsibles
}

// SearchHit is one match: a thread, the activity that matched (none for a
// title, description or person match), its kind and the matching text with
// the matched words in <mark> (the rest HTML-escaped).
type SearchHit struct {
	Task       *Task
	ActivityID *uuid.UUID
	EntityType string
	Highlight  string
}

// SearchResult is searchInboxTasks' answer.
type SearchResult struct {
	Collection       []SearchHit
	Participants     []Person
	ResponsibleUsers []Person
	Senders          []Person
	TotalCount       int64
}

// Search is searchInboxTasks: full text over titles, descriptions, messages
// and attachment names (stemmed for en, fi and sv), in the threads the viewer
// may read, newest first, with the people of the hits as facets.
func (s *Service) Search(ctx context.Context, req org.Request, p SearchParams) (*SearchResult, error) {
	query := strings.TrimSpace(p.Query)
	if query == "" {
		return nil, apperr.Invalid("query", "required")
	}
	if len([]rune(query)) > 200 {
		return nil, apperr.Invalid("query", "too_long")
	}
	all := true
	r, err := s.resolve(ctx, req, Selection{CompanyID: p.CompanyID, Group: p.Group, Filters: Filters{ShowCompleted: &all}})
	if err != nil {
		return nil, err
	}
	out := &SearchResult{Collection: []SearchHit{}, Participants: []Person{}, ResponsibleUsers: []Person{}, Senders: []Person{}}
	if len(r.companyIDs) == 0 {
		return out, nil
	}
	limit := p.Limit
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, 100)
	page := max(p.Page, 1)

	wanted := append(append(append([]uuid.UUID{}, p.Participants...), p.Senders...), p.Responsible...)
	byUUID := map[uuid.UUID]int64{}
	if len(wanted) > 0 {
		users, err := s.st.UserListByUUIDs(ctx, wanted)
		if err != nil {
			return nil, err
		}
		for _, u := range users {
			byUUID[u.UUID] = u.ID
		}
	}
	ids := func(list []uuid.UUID) []int64 {
		if len(list) == 0 {
			return nil
		}
		out := []int64{0} // unknown users match nothing
		for _, id := range list {
			out = append(out, byUUID[id])
		}
		return out
	}
	staff := isStaff(req.User)
	f := searchFilter{CompanyIds: r.companyIDs, Scope: r.scope(), CategoryIds: r.categories, TaskTypes: r.types,
		AuthorIds: ids(p.Senders), ResponsibleIds: ids(p.Responsible), ParticipantIds: ids(p.Participants)}
	// person hits name people: only for staff, who see every name
	hits, err := s.searchHits(ctx, query, f, p.Attachments, staff && len([]rune(query)) >= 3)
	if err != nil {
		return nil, err
	}
	// one row per thread (its newest hit), so totalCount and the pages count
	// what the list shows; the facets still read every hit
	threads := firstHitPerThread(hits)
	out.TotalCount = int64(len(threads))

	from := min((page-1)*limit, len(threads))
	to := min(from+limit, len(threads))
	pp := store.ThreadSearchPageParams{Query: query, UserID: req.User.ID}
	for _, h := range threads[from:to] {
		pp.Kinds = append(pp.Kinds, h.EntityType)
		pp.CompanyIds = append(pp.CompanyIds, h.CompanyID)
		pp.ThreadIds = append(pp.ThreadIds, h.ThreadID)
		pp.ActivityIds = append(pp.ActivityIds, h.ActivityID)
	}

	// the people of every hit (facets) and of the page's threads, in one query
	var userIDs []int64
	seen := map[int64]bool{}
	add := func(id *int64) {
		if id != nil && !seen[*id] {
			seen[*id] = true
			userIDs = append(userIDs, *id)
		}
	}
	for _, h := range hits {
		add(h.AuthorID)
		add(h.ResponsibleID)
		if h.EntityType == HitMessage || h.EntityType == HitAttachment {
			add(h.UserID)
		}
	}
	users, err := usersByID(ctx, s.st.Queries, userIDs)
	if err != nil {
		return nil, err
	}
	facet := func(pick func(hit) *int64) []Person {
		list := []Person{}
		done := map[int64]bool{}
		for _, h := range hits {
			id := pick(h)
			if id == nil || done[*id] {
				continue
			}
			done[*id] = true
			if u, ok := users[*id]; ok {
				if pr := person(&u, staff); !pr.Masked {
					list = append(list, *pr)
				}
			}
		}
		return list
	}
	out.Senders = facet(func(h hit) *int64 { return h.AuthorID })
	out.ResponsibleUsers = facet(func(h hit) *int64 { return h.ResponsibleID })
	out.Participants = facet(func(h hit) *int64 {
		if h.EntityType == HitMessage || h.EntityType == HitAttachment {
			return h.UserID
		}
		return nil
	})
	if len(pp.Kinds) == 0 {
		return out, nil
	}
	rows, err := s.plan.ThreadSearchPage(ctx, pp)
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		t := Thread{row.CompanyID, row.ID, row.UUID, row.CategoryID, row.TaskType, row.Title, row.Description, row.Status,
			row.Priority, row.Urgent, row.DueDate, row.CompletionDate, row.Hidden, row.HiddenAt, row.HiddenBy, row.AuthorID,
			row.ResponsibleID, row.WorkflowInstanceID, row.WorkflowNodeID, row.Skippable, row.ExternalActions,
			row.CopiedFromID, row.ActivityAt, row.CreatedAt, row.UpdatedAt}
		hl := row.Highlight
		if row.Kind == HitUser {
			hl = "[[[" + hl + "]]]"
		}
		v := s.view(req, r.scopes[row.CompanyID], t, users, readState{unread: int(row.UnreadCount), mentioned: row.Mentioned})
		v.opensAt(row.UnreadActivityUuid)
		out.Collection = append(out.Collection, SearchHit{Task: v, ActivityID: row.ActivityUuid, EntityType: row.Kind,
			Highlight: markHighlight(hl)})
	}
	// the tasks table's workflow columns, as inboxTasks has them: one query for the page
	tasks := make([]*Task, len(out.Collection))
	for i, h := range out.Collection {
		tasks[i] = h.Task
	}
	if err := s.attachWorkflows(ctx, s.st.Queries, tasks); err != nil {
		return nil, err
	}
	return out, nil
}

// The headline passes through one ts_headline per language, so a word that
// all of them match comes back wrapped several times: collapse those runs.
var (
	openMarks  = regexp.MustCompile(`(?:\[\[\[)+`)
	closeMarks = regexp.MustCompile(`(?:\]\]\])+`)
)

// markHighlight escapes the headline and turns the database's markers into <mark>.
func markHighlight(s string) string {
	s = html.EscapeString(s)
	s = openMarks.ReplaceAllString(s, "<mark>")
	return closeMarks.ReplaceAllString(s, "</mark>")
}

// likeEscape makes text a literal ILIKE pattern (backslash is the escape).
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// hit is one match before its page is read.
type hit struct {
	EntityType              string
	CompanyID, ThreadID     int64
	ActivityID              int64 // 0 for thread and person hits
	UserID                  *int64
	At                      time.Time
	AuthorID, ResponsibleID *int64
}

// firstHitPerThread keeps each thread's first hit (hits come newest first).
func firstHitPerThread(hits []hit) []hit {
	type key struct{ company, thread int64 }
	seen := map[key]bool{}
	out := make([]hit, 0, len(hits))
	for _, h := range hits {
		k := key{h.CompanyID, h.ThreadID}
		if !seen[k] {
			seen[k] = true
			out = append(out, h)
		}
	}
	return out
}

// searchFilter is the scope and filters every source shares.
type searchFilter struct {
	CompanyIds, CategoryIds, AuthorIds, ResponsibleIds, ParticipantIds []int64
	Scope, TaskTypes                                                   []string
}

// searchCandidates is how many index matches a source reads before it
// counts the word as common and walks its newest rows instead.
const searchCandidates = 500

// searchHits collects the newest SearchCap hits of every source, newest first.
func (s *Service) searchHits(ctx context.Context, query string, f searchFilter, onlyAttachments, people bool) ([]hit, error) {
	lim := int32(SearchCap + 1)
	var hits []hit
	if !onlyAttachments {
		var rows []store.ThreadSearchRow
		var msgs []store.MessageSearchRow
		err := s.byIndex(ctx, func(q *store.Queries) error {
			var err error
			rows, err = q.ThreadSearch(ctx, store.ThreadSearchParams{Query: query, Candidates: s.searchCandidates, Lim: lim,
				CompanyIds: f.CompanyIds, Scope: f.Scope, CategoryIds: f.CategoryIds, TaskTypes: f.TaskTypes, AuthorIds: f.AuthorIds,
				ResponsibleIds: f.ResponsibleIds, ParticipantIds: f.ParticipantIds})
			if err != nil {
				return err
			}
			msgs, err = q.MessageSearch(ctx, store.MessageSearchParams{Query: query, Candidates: s.searchCandidates, Lim: lim,
				CompanyIds: f.CompanyIds, Scope: f.Scope, CategoryIds: f.CategoryIds, TaskTypes: f.TaskTypes, AuthorIds: f.AuthorIds,
				ResponsibleIds: f.ResponsibleIds, ParticipantIds: f.ParticipantIds})
			return err
		})
		if err != nil {
			return nil, err
		}
		if len(rows) > 0 && rows[0].Candidates >= s.searchCandidates {
			err = s.inOrder(ctx, func(q *store.Queries) error {
				recent, err := q.ThreadSearchRecent(ctx, store.ThreadSearchRecentParams{Query: query, Lim: lim,
					CompanyIds: f.CompanyIds, Scope: f.Scope, CategoryIds: f.CategoryIds, TaskTypes: f.TaskTypes,
					AuthorIds: f.AuthorIds, ResponsibleIds: f.ResponsibleIds, ParticipantIds: f.ParticipantIds})
				rows = rows[:0]
				for _, r := range recent {
					rows = append(rows, store.ThreadSearchRow{CompanyID: r.CompanyID, ID: r.ID, AuthorID: r.AuthorID,
						ResponsibleID: r.ResponsibleID, ActivityAt: r.ActivityAt})
				}
				return err
			})
			if err != nil {
				return nil, err
			}
		}
		for _, r := range rows {
			if r.CompanyID != 0 {
				hits = append(hits, hit{EntityType: HitTask, CompanyID: r.CompanyID, ThreadID: r.ID, UserID: r.AuthorID,
					At: r.ActivityAt, AuthorID: r.AuthorID, ResponsibleID: r.ResponsibleID})
			}
		}

		if len(msgs) > 0 && msgs[0].Candidates >= s.searchCandidates {
			err = s.inOrder(ctx, func(q *store.Queries) error {
				recent, err := q.MessageSearchRecent(ctx, store.MessageSearchRecentParams{Query: query, Lim: lim,
					CompanyIds: f.CompanyIds, Scope: f.Scope, CategoryIds: f.CategoryIds, TaskTypes: f.TaskTypes,
					AuthorIds: f.AuthorIds, ResponsibleIds: f.ResponsibleIds, ParticipantIds: f.ParticipantIds})
				msgs = msgs[:0]
				for _, r := range recent {
					msgs = append(msgs, store.MessageSearchRow{CompanyID: r.CompanyID, ThreadID: r.ThreadID, ActivityID: r.ActivityID,
						UserID: r.UserID, CreatedAt: r.CreatedAt, AuthorID: r.AuthorID, ResponsibleID: r.ResponsibleID})
				}
				return err
			})
			if err != nil {
				return nil, err
			}
		}
		for _, r := range msgs {
			if r.CompanyID != 0 {
				hits = append(hits, hit{EntityType: HitMessage, CompanyID: r.CompanyID, ThreadID: r.ThreadID, ActivityID: r.ActivityID,
					UserID: r.UserID, At: r.CreatedAt, AuthorID: r.AuthorID, ResponsibleID: r.ResponsibleID})
			}
		}
	}
	var atts []store.AttachmentSearchRow
	err := s.byIndex(ctx, func(q *store.Queries) error {
		var err error
		atts, err = q.AttachmentSearch(ctx, store.AttachmentSearchParams{Query: query, Candidates: s.searchCandidates, Lim: lim,
			CompanyIds: f.CompanyIds, Scope: f.Scope, CategoryIds: f.CategoryIds, TaskTypes: f.TaskTypes, AuthorIds: f.AuthorIds,
			ResponsibleIds: f.ResponsibleIds, ParticipantIds: f.ParticipantIds})
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, r := range atts {
		if r.ActivityID != nil {
			hits = append(hits, hit{EntityType: HitAttachment, CompanyID: r.CompanyID, ThreadID: r.ThreadID, ActivityID: *r.ActivityID,
				UserID: r.UploaderID, At: r.UploadedAt, AuthorID: r.AuthorID, ResponsibleID: r.ResponsibleID})
		}
	}
	if people && !onlyAttachments {
		named, err := s.st.UserIDsByName(ctx, likeEscape(query))
		if err != nil {
			return nil, err
		}
		if len(named) > 0 {
			rows, err := s.plan.ThreadSearchPeople(ctx, store.ThreadSearchPeopleParams{UserIds: named, Lim: lim,
				CompanyIds: f.CompanyIds, Scope: f.Scope, CategoryIds: f.CategoryIds, TaskTypes: f.TaskTypes,
				AuthorIds: f.AuthorIds, ResponsibleIds: f.ResponsibleIds, ParticipantIds: f.ParticipantIds})
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				uid := r.UserID
				hits = append(hits, hit{EntityType: HitUser, CompanyID: r.CompanyID, ThreadID: r.ID, UserID: &uid, At: r.ActivityAt,
					AuthorID: r.AuthorID, ResponsibleID: r.ResponsibleID})
			}
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		if c := b.At.Compare(a.At); c != 0 {
			return c
		}
		if a.ThreadID != b.ThreadID {
			return cmp.Compare(b.ThreadID, a.ThreadID)
		}
		return cmp.Compare(b.ActivityID, a.ActivityID)
	})
	if len(hits) > SearchCap {
		hits = hits[:SearchCap]
	}
	return hits, nil
}
