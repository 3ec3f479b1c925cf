package org_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/notify/notifytest"
	"portico/engine/org"
	"portico/engine/store/dbtest"
)

func TestBannerDescription(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the stored text; empty when key is set
		key  string
	}{
		{"plain text", "Maintenance tonight", "Maintenance tonight", ""},
		{"every allowed tag", "<div><p><strong>a</strong><em>b</em><u>c</u><span>d</span><br><ul><li>e</li></ul><ol><li>f</li></ol></p></div>",
			"<div><p><strong>a</strong><em>b</em><u>c</u><span>d</span><br><ul><li>e</li></ul><ol><li>f</li></ol></p></div>", ""},
		{"allowed attributes", `<a href="https://x.test" target="_blank" class="c" data-id="1" data-name="n">x</a>`,
			`<a href="https://x.test" target="_blank" class="c" data-id="1" data-name="n">x</a>`, ""},
		{"mailto link", `<a href="mailto:help@x.test">help</a>`, `<a href="mailto:help@x.test">help</a>`, ""},
		{"250 characters with markup", "<p>" + strings.Repeat("é", 243) + "</p>", "<p>" + strings.Repeat("é", 243) + "</p>", ""},
		{"251 characters with markup", "<p>" + strings.Repeat("é", 244) + "</p>", "", "description_too_long"},
		{"empty", "", "", "description_cannot_be_blank"},
		{"only markup and spaces", "<p>&nbsp; <br></p>", "", "description_cannot_be_blank"},
		{"script", "<script>x</script>hi", "", "disallowed_html"},
		{"img", `<img src="x">hi`, "", "disallowed_html"},
		{"iframe", "<iframe></iframe>hi", "", "disallowed_html"},
		{"style attribute", `<p style="x">hi</p>`, "", "disallowed_html"},
		{"event handler", `<a onmouseover="x">hi</a>`, "", "disallowed_html"},
		{"javascript url", `<a href="javascript:alert(1)">hi</a>`, "", "disallowed_html"},
		{"data url", `<a href="data:text/html,x">hi</a>`, "", "disallowed_html"},
		{"href off a link", `<span href="https://x.test">hi</span>`, "", "disallowed_html"},
		{"comment", "<!-- x -->hi", "", "disallowed_html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := org.BannerDescription(tt.in)
			if tt.key == "" {
				require.NoError(t, err)
				require.Equal(t, tt.want, got)
				return
			}
			e, ok := apperr.As(err)
			require.True(t, ok, "%v", err)
			require.Equal(t, apperr.ValidationError, e.Code)
			require.Equal(t, "description", e.Field)
			require.Equal(t, tt.key, e.Message)
		})
	}
}

func TestBannerCreateRaceKeepsOneOfAType(t *testing.T) {
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	rec := &notifytest.Recorder{}
	banners := org.NewBanners(org.NewDirectory(st), rec)
	admin := org.Request{User: seed.Users["admin@portico.test"], AdminPanel: true}
	str := func(s string) *string { return &s }

	const racers = 8
	var wg sync.WaitGroup
	errs := make([]error, racers)
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = banners.Create(context.Background(), admin, org.BannerInput{BannerGroup: str("global"),
				BannerType: str("warning"), Description: str("<p>Racing</p>"), UserTypes: []string{"customer"}})
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
			continue
		}
		e, ok := apperr.As(err)
		require.True(t, ok, "%v", err)
		require.Equal(t, "banner_type_already_exists_for_these_user_types", e.Message)
	}
	require.Equal(t, 1, won)
	require.Len(t, rec.Events(), 1, "only the created banner is announced")
	require.Equal(t, org.BannerCreated, rec.Events()[0].Key)

	t.Run("a global admin outside the admin panel manages no global banners", func(t *testing.T) {
		req := admin
		req.AdminPanel = false
		_, err := banners.Create(context.Background(), req, org.BannerInput{BannerGroup: str("global"),
			BannerType: str("info"), Description: str("x"), UserTypes: []string{"customer"}})
		e, ok := apperr.As(err)
		require.True(t, ok, "%v", err)
		require.Equal(t, apperr.AccessDenied, e.Code)
		require.Equal(t, apperr.RecordNotFound, codeOf(banners.Delete(context.Background(), req, uuid.New(), "")))
	})
}

func codeOf(err error) apperr.Code {
	if e, ok := apperr.As(err); ok {
		return e.Code
	}
	return ""
}
