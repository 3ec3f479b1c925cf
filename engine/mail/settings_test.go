package mail_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/mail"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

type fixture struct {
	st   *store.Store
	seed demo.Seeded
	svc  *mail.SettingsService
}

func setup(t *testing.T) fixture {
	t.Helper()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	return fixture{st: st, seed: seed, svc: mail.NewSettings(st, org.NewDirectory(st))}
}

func (f fixture) req(email string) org.Request { return org.Request{User: f.seed.Users[email]} }

func requireCode(t *testing.T, err error, code apperr.Code, message string) {
	t.Helper()
	e, ok := apperr.As(err)
	require.True(t, ok, "%v", err)
	require.Equal(t, code, e.Code)
	if message != "" {
		require.Equal(t, message, e.Message)
	}
}

func TestNotificationSettingsMatrix(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	payroll := f.seed.Categories["Payroll"].ID
	acme := f.seed.Companies["Acme Oy"].UUID
	borealis := f.seed.Companies["Borealis AB"].UUID

	t.Run("who has which type", func(t *testing.T) {
		tests := []struct {
			name, email, typ string
			triggers         int
			code             apperr.Code
		}{
			{"a customer has customer settings without assignmentChanged", "anna@acme.test", mail.TypeCustomer, 11, ""},
			{"a customer has no staff settings", "anna@acme.test", mail.TypePortico, 0, apperr.AccessDenied},
			{"staff have portico settings with all twelve", "agent@portico.test", mail.TypePortico, 12, ""},
			{"responsible staff have my customers", "agent@portico.test", mail.TypePorticoCustomers, 12, ""},
			{"staff responsible for nobody have no my customers", "agentadmin@portico.test", mail.TypePorticoCustomers, 0, apperr.AccessDenied},
			{"staff have no customer settings", "agent@portico.test", mail.TypeCustomer, 0, apperr.AccessDenied},
			{"an unknown type", "agent@portico.test", "everyone", 0, apperr.ArgumentError},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				s, err := f.svc.Get(ctx, f.req(tt.email), tt.typ)
				if tt.code != "" {
					requireCode(t, err, tt.code, "")
					return
				}
				require.NoError(t, err)
				require.Len(t, s.Triggers, tt.triggers)
				require.Equal(t, mail.TriggerNewMessageThread, s.Triggers[0].Trigger, "the spec's order")
			})
		}
	})

	t.Run("new users get the defaults", func(t *testing.T) {
		s, err := f.svc.Get(ctx, f.req("carl@acme.test"), mail.TypeCustomer)
		require.NoError(t, err)
		due, ok := s.Trigger(mail.TriggerThreadDueDateOverdue)
		require.True(t, ok)
		require.Equal(t, mail.NotifyEveryDay, due.NotificationType)
		mention, _ := s.Trigger(mail.TriggerThreadMentionOfMe)
		require.Equal(t, mail.NotifyImmediate, mention.NotificationType)
		require.Empty(t, mention.CategoryIDs)
		require.Len(t, s.Options, 1, "Carl sees Payroll only")
		require.Equal(t, "Payroll", s.Options[0].Name)
	})

	t.Run("a save is kept, with the one name", func(t *testing.T) {
		s, err := f.svc.Save(ctx, f.req("carl@acme.test"), mail.TypeCustomer, map[string]mail.TriggerInput{
			mail.TriggerNewMessageInThread: {NotificationType: mail.NotifyDigest, CategoryIDs: []int64{payroll, payroll}},
		})
		require.NoError(t, err)
		got, _ := s.Trigger(mail.TriggerNewMessageInThread)
		require.Equal(t, mail.NotifyDigest, got.NotificationType)
		require.Equal(t, []int64{payroll}, got.CategoryIDs)
		require.NotNil(t, got.CategoryName)
		require.Equal(t, "Payroll", *got.CategoryName)
		again, err := f.svc.Get(ctx, f.req("carl@acme.test"), mail.TypeCustomer)
		require.NoError(t, err)
		kept, _ := again.Trigger(mail.TriggerNewMessageInThread)
		require.Equal(t, got, kept)
		other, _ := f.svc.Get(ctx, f.req("anna@acme.test"), mail.TypeCustomer)
		annas, _ := other.Trigger(mail.TriggerNewMessageInThread)
		require.Equal(t, mail.NotifyImmediate, annas.NotificationType, "one user's save is theirs alone")
	})

	t.Run("staff choose companies per tab", func(t *testing.T) {
		s, err := f.svc.Save(ctx, f.req("agent@portico.test"), mail.TypePortico, map[string]mail.TriggerInput{
			mail.TriggerAssignmentChanged: {NotificationType: mail.NotifyImmediate, CompanyIDs: []uuid.UUID{acme, borealis}},
		})
		require.NoError(t, err)
		got, _ := s.Trigger(mail.TriggerAssignmentChanged)
		require.ElementsMatch(t, []uuid.UUID{acme, borealis}, got.CompanyIDs)
		require.Nil(t, got.CompanyName, "several: no one name")
		mine, err := f.svc.Get(ctx, f.req("agent@portico.test"), mail.TypePorticoCustomers)
		require.NoError(t, err)
		untouched, _ := mine.Trigger(mail.TriggerAssignmentChanged)
		require.Empty(t, untouched.CompanyIDs, "the tabs are separate settings")
		require.Len(t, mine.Options, 1, "my customers: the companies the agent is responsible for")
		_, err = f.svc.Save(ctx, f.req("agent@portico.test"), mail.TypePorticoCustomers, map[string]mail.TriggerInput{
			mail.TriggerNewMessageThread: {NotificationType: mail.NotifyImmediate, CompanyIDs: []uuid.UUID{borealis}},
		})
		requireCode(t, err, apperr.RecordNotFound, "")
	})

	t.Run("bad input is refused and nothing is saved", func(t *testing.T) {
		before, err := f.svc.Get(ctx, f.req("anna@acme.test"), mail.TypeCustomer)
		require.NoError(t, err)
		tests := []struct {
			name  string
			email string
			in    map[string]mail.TriggerInput
			code  apperr.Code
			msg   string
		}{
			{"every_day where it is not allowed", "anna@acme.test", map[string]mail.TriggerInput{
				mail.TriggerNewFileUploaded:  {NotificationType: mail.NotifyDigest},
				mail.TriggerNewMessageThread: {NotificationType: mail.NotifyEveryDay},
			}, apperr.ValidationError, "every_day_not_allowed"},
			{"an unknown notification type", "anna@acme.test", map[string]mail.TriggerInput{
				mail.TriggerNewFileUploaded: {NotificationType: "hourly"},
			}, apperr.ValidationError, "invalid_notification_type"},
			{"assignmentChanged for a customer", "anna@acme.test", map[string]mail.TriggerInput{
				mail.TriggerAssignmentChanged: {NotificationType: mail.NotifyDigest},
			}, apperr.ValidationError, "trigger_not_available"},
			{"a category the user cannot see", "carl@acme.test", map[string]mail.TriggerInput{
				mail.TriggerNewFileUploaded: {NotificationType: mail.NotifyDigest, CategoryIDs: []int64{f.seed.Categories["Accounting"].ID}},
			}, apperr.RecordNotFound, ""},
			{"companies on a customer's settings", "anna@acme.test", map[string]mail.TriggerInput{
				mail.TriggerNewFileUploaded: {NotificationType: mail.NotifyDigest, CompanyIDs: []uuid.UUID{acme}},
			}, apperr.ValidationError, "company_ids_not_allowed"},
			{"an unknown trigger", "anna@acme.test", map[string]mail.TriggerInput{
				"somethingHappened": {NotificationType: mail.NotifyDigest},
			}, apperr.ValidationError, "unknown_trigger"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := f.svc.Save(ctx, f.req(tt.email), mail.TypeCustomer, tt.in)
				requireCode(t, err, tt.code, tt.msg)
			})
		}
		after, err := f.svc.Get(ctx, f.req("anna@acme.test"), mail.TypeCustomer)
		require.NoError(t, err)
		require.Equal(t, before, after)
	})
}
