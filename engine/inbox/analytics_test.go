package inbox_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"portico/engine/inbox"
	"portico/engine/org"
)

func TestAnalyticsFrame(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	secret := []byte("analytics secret")
	analytics := inbox.NewAnalytics(org.NewDirectory(e.st), "https://bi.example.com/embed?view=portico", secret)
	acme := e.company("Acme Oy")

	for _, tt := range []struct{ user, want string }{
		{"admin@portico.test", ""},
		{"agentadmin@portico.test", ""},
		{"agent@portico.test", ""},
		{"anna@acme.test", "ACCESS_DENIED:access_denied"},
		{"carl@acme.test", "ACCESS_DENIED:access_denied"},
		{"eva@borealis.test", "RECORD_NOT_FOUND:record_not_found"},
	} {
		t.Run(tt.user, func(t *testing.T) {
			f, err := analytics.Frame(ctx, e.req(tt.user), acme)
			require.Equal(t, tt.want, code(err))
			if tt.want != "" {
				return
			}
			require.Equal(t, "https://bi.example.com/embed?view=portico", f.URL)
			claims, ok := inbox.VerifyFrame(secret, f.Token, time.Now())
			require.True(t, ok)
			require.Equal(t, inbox.AnalyticsApplication, claims.Application)
			require.Equal(t, acme, claims.Company)
			require.Equal(t, e.seed.Users[tt.user].UUID, claims.User)
			require.WithinDuration(t, time.Now().Add(inbox.ApplicationTokenTTL), f.ExpiresAt, time.Minute)
			_, ok = inbox.VerifyFrame(secret, f.Token, time.Now().Add(inbox.ApplicationTokenTTL+time.Second))
			require.False(t, ok, "short-lived")
			_, ok = inbox.VerifyFrame([]byte("another"), f.Token, time.Now())
			require.False(t, ok)
			require.False(t, strings.Contains(f.URL, "token"), "the page adds the token")
		})
	}

	t.Run("none configured", func(t *testing.T) {
		f, err := inbox.NewAnalytics(org.NewDirectory(e.st), "", secret).Frame(ctx, e.req("agent@portico.test"), acme)
		require.NoError(t, err)
		require.Nil(t, f)
	})
	t.Run("no signing secret", func(t *testing.T) {
		_, err := inbox.NewAnalytics(org.NewDirectory(e.st), "https://bi.example.com", nil).Frame(ctx, e.req("agent@portico.test"), acme)
		require.Equal(t, "ARGUMENT_ERROR:application_tokens_not_configured", code(err))
	})
}
