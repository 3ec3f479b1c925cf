package wiring

import (
	"log/slog"

	"portico/api/graph"
	"portico/config"
	"portico/engine/audit"
	"portico/engine/blob"
	"portico/engine/calendarfeed"
	"portico/engine/files"
	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/sso"
	"portico/engine/store"
	"portico/engine/workflow"
)

// Outside is what the services reach beyond the engine: what a process takes
// from Temporal and the blob store, and a test replaces.
type Outside struct {
	// Blobs keeps attachments and shared files.
	Blobs blob.Store
	// Runner starts, cancels and signals workflow runs (nil: those fail).
	Runner workflow.Runner
	// Exports starts export jobs (nil: exports are refused).
	Exports files.Starter
	// Purges starts the purge timers of system deletions of attachments.
	Purges inbox.Purges
	// Publisher sends realtime events after commits (nil: dropped).
	Publisher notify.Publisher
	// InboxPublisher is where the events that may be mailed go (the realtime
	// bus with the mail tap): the inbox's, and the people services' (a change
	// of access rights); nil means Publisher.
	InboxPublisher notify.Publisher
	// Log receives what no caller hears of (a broken trigger, a failed relay).
	Log *slog.Logger
}

// Services builds every engine service of the edge on st. The inbox comes
// before the workflow engine, which writes its runs' tasks through it; the
// inbox tells runs of their tasks' status changes through the relay, which
// needs only the store and the runner.
func Services(cfg config.Config, st *store.Store, o Outside) graph.Services {
	dir := org.NewDirectory(st)
	inboxPub := o.InboxPublisher
	if inboxPub == nil {
		inboxPub = o.Publisher
	}
	inboxSvc := inbox.New(st, dir, inbox.Options{Publisher: inboxPub, Blobs: o.Blobs, MaxUploadBytes: cfg.MaxUploadBytes,
		ApplicationSecret: []byte(cfg.ApplicationTokenSecret), ApplicationURL: cfg.ApplicationURL,
		TaskEvents: workflow.NewTaskEventRelay(st, o.Runner), Log: o.Log})
	workflows := Workflows(cfg, st, dir, o.Runner, inboxSvc, o.Publisher, o.Log)
	return graph.Services{
		Directory:     dir,
		Sessions:      org.NewSessions(st, cfg.SessionTTL),
		Avatars:       org.NewAvatars(dir, o.Blobs),
		SSO:           sso.NewService(st, dir),
		Inbox:         inboxSvc,
		Files:         files.New(files.Deps{Store: st, Directory: dir, Blobs: o.Blobs, Publisher: o.Publisher, Starter: o.Exports, MaxUploadBytes: cfg.MaxUploadBytes}),
		Workflows:     workflows,
		CalendarFeeds: calendarfeed.New(st, dir, workflows, cfg.PublicURL),
		MailSettings:  org.NewMailSettings(dir, cfg.MailDomain),
		Analytics:     inbox.NewAnalytics(dir, cfg.AnalyticsURL, []byte(cfg.ApplicationTokenSecret)),
		Purges:        o.Purges,
		Notifications: mail.NewSettings(st, dir),
		Events:        audit.New(st, dir),
		// the people services (banners, responsibility, people) publish what may be mailed too
		Publisher: inboxPub,
	}
}

// Workflows builds the workflow engine's service; tasks is the inbox that
// writes the runs' tasks (nil in processes that write none); pub sends the
// runs' realtime events (nil: none).
func Workflows(cfg config.Config, st *store.Store, dir *org.Directory, runner workflow.Runner, tasks workflow.Tasks,
	pub notify.Publisher, log *slog.Logger) *workflow.Service {
	return workflow.New(workflow.Deps{Store: st, Directory: dir, Runner: runner, Tasks: tasks, Publisher: pub,
		SearchAttributes: cfg.TemporalSearchAttributes, TemporalUIURL: cfg.TemporalUIURL,
		TemporalNamespace: cfg.TemporalNamespace, Log: log})
}
