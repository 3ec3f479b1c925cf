package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/notify"
	"portico/realtime"
)

const bannerFields = `id uuid bannerGroup bannerType description dismissible userTypes companyId company { name }`

type bannerJSON struct {
	ID          string   `json:"id"`
	BannerGroup string   `json:"bannerGroup"`
	BannerType  string   `json:"bannerType"`
	Description string   `json:"description"`
	Dismissible bool     `json:"dismissible"`
	UserTypes   []string `json:"userTypes"`
	CompanyID   *string  `json:"companyId"`
	Company     *struct {
		Name string `json:"name"`
	} `json:"company"`
}

type mutationErr struct {
	Code    string  `json:"code"`
	Message string  `json:"message"`
	Field   *string `json:"field"`
}

type bannerPayload struct {
	SystemBanner *bannerJSON   `json:"systemBanner"`
	Success      bool          `json:"success"`
	Errors       []mutationErr `json:"errors"`
}

// gql runs an operation that must not fail at the GraphQL level and decodes field.
func (c *client) gql(query string, vars map[string]any, field string, out any) {
	c.t.Helper()
	status, res := c.graphql(query, vars)
	require.Equal(c.t, 200, status)
	require.Empty(c.t, res.Errors, "%s", query)
	require.NoError(c.t, json.Unmarshal(res.Data[field], out))
}

// gqlError runs an operation that must fail with a GraphQL error; it returns its extensions.code.
func (c *client) gqlError(query string, vars map[string]any) string {
	c.t.Helper()
	_, res := c.graphql(query, vars)
	require.NotEmpty(c.t, res.Errors, "%s", query)
	code, _ := res.Errors[0].Extensions["code"].(string)
	return code
}

const createBanner = `mutation($g: String!, $c: ID, $t: String!, $d: String!, $dis: Boolean, $u: [String!]!) {
  createSystemBanner(bannerGroup: $g, companyId: $c, bannerType: $t, description: $d, dismissible: $dis, userTypes: $u) {
    systemBanner { ` + bannerFields + ` } errors { code message field } } }`

const updateBanner = `mutation($id: ID!, $t: String, $d: String, $dis: Boolean, $u: [String!], $g: String, $c: ID) {
  updateSystemBanner(id: $id, bannerType: $t, description: $d, dismissible: $dis, userTypes: $u, bannerGroup: $g, companyId: $c, action: "view_hidden") {
    systemBanner { ` + bannerFields + ` } errors { code message field } } }`

const deleteBanner = `mutation($id: ID!) { deleteSystemBanner(id: $id) { success errors { code message field } } }`

const dismissBanner = `mutation($id: ID!) { dismissSystemBanner(id: $id) { success errors { code message field } } }`

const listBanners = `query($c: ID, $g: String, $all: Boolean, $a: String) {
  systemBanners(companyId: $c, bannerGroup: $g, allForUser: $all, action: $a) { ` + bannerFields + ` } }`

func (c *client) createBanner(vars map[string]any) bannerPayload {
	c.t.Helper()
	var p bannerPayload
	c.gql(createBanner, vars, "createSystemBanner", &p)
	return p
}

func (c *client) banners(vars map[string]any) []bannerJSON {
	c.t.Helper()
	var out []bannerJSON
	c.gql(listBanners, vars, "systemBanners", &out)
	return out
}

func descriptions(list []bannerJSON) []string {
	out := []string{}
	for _, b := range list {
		out = append(out, b.Description)
	}
	return out
}

func (e rtEnv) bannerCount(t *testing.T) int {
	var n int
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), "SELECT count(*) FROM system_banners").Scan(&n))
	return n
}

type bannerEnv struct {
	rtEnv
	users map[string]*client
	acme  string
	kalev string
}

func setupBanners(t *testing.T) bannerEnv {
	e := setupRealtime(t)
	be := bannerEnv{rtEnv: e, users: map[string]*client{},
		acme: e.seed.Companies["Acme Oy"].UUID.String(), kalev: e.seed.Companies["Kalev AS"].UUID.String()}
	for _, email := range []string{"admin@portico.test", "agentadmin@portico.test", "agent@portico.test",
		"anna@acme.test", "carl@acme.test", "eva@borealis.test"} {
		c := e.client(t)
		c.signIn(email)
		be.users[strings.Split(email, "@")[0]] = c
	}
	return be
}

func (be bannerEnv) as(t *testing.T, who string) *client {
	c := be.users[who]
	c.t = t
	return c
}

func TestBannerRulesAndRoles(t *testing.T) {
	be := setupBanners(t)
	long := strings.Repeat("x", 251)
	exact := "<p>" + strings.Repeat("x", 243) + "</p>" // 250 with the markup
	acme, kalev := be.acme, be.kalev
	customers, staff, both := []string{"customer"}, []string{"portico_user"}, []string{"portico_user", "customer"}
	global := func(typ, desc string, users []string) map[string]any {
		return map[string]any{"g": "global", "t": typ, "d": desc, "u": users}
	}
	company := func(id, typ, desc string, users []string) map[string]any {
		return map[string]any{"g": "company", "c": id, "t": typ, "d": desc, "u": users}
	}

	tests := []struct {
		name    string
		who     string
		vars    map[string]any
		code    string // empty: created
		message string
	}{
		{"global admin creates a global banner", "admin", global("info", "<p>Maintenance <strong>tonight</strong></p>", customers), "", ""},
		{"same type for the same user type twice", "admin", global("info", "again", customers), "VALIDATION_ERROR", "banner_type_already_exists_for_these_user_types"},
		{"same type for overlapping user types", "admin", global("info", "again", both), "VALIDATION_ERROR", "banner_type_already_exists_for_these_user_types"},
		{"same type for another user type", "admin", global("info", "<p>For staff</p>", staff), "", ""},
		{"another type for the same user type", "admin", global("warning", exact, customers), "", ""},
		{"description over 250 characters", "admin", global("warning", long, staff), "VALIDATION_ERROR", "description_too_long"},
		{"markup counts towards 250", "admin", global("warning", "<p>"+strings.Repeat("x", 244)+"</p>", staff), "VALIDATION_ERROR", "description_too_long"},
		{"blank user types", "admin", global("warning", "x", []string{}), "VALIDATION_ERROR", "user_types_cannot_be_blank"},
		{"blank description", "admin", global("warning", "<p> </p>", staff), "VALIDATION_ERROR", "description_cannot_be_blank"},
		{"script tag", "admin", global("warning", "<script>alert(1)</script>", staff), "VALIDATION_ERROR", "disallowed_html"},
		{"image tag", "admin", global("warning", `<img src="x">`, staff), "VALIDATION_ERROR", "disallowed_html"},
		{"event attribute", "admin", global("warning", `<p onclick="x()">hi</p>`, staff), "VALIDATION_ERROR", "disallowed_html"},
		{"style attribute", "admin", global("warning", `<span style="color:red">hi</span>`, staff), "VALIDATION_ERROR", "disallowed_html"},
		{"javascript link", "admin", global("warning", `<a href="javascript:alert(1)">hi</a>`, staff), "VALIDATION_ERROR", "disallowed_html"},
		{"unknown banner type", "admin", global("danger", "x", staff), "ARGUMENT_ERROR", "invalid_banner_type"},
		{"unknown user type", "admin", global("warning", "x", []string{"external"}), "ARGUMENT_ERROR", "invalid_user_type"},
		{"unknown group", "admin", map[string]any{"g": "planet", "t": "info", "d": "x", "u": staff}, "ARGUMENT_ERROR", "invalid_banner_group"},
		{"company banner without company", "admin", map[string]any{"g": "company", "t": "info", "d": "x", "u": staff}, "ARGUMENT_ERROR", "company_id_required"},
		{"agent admin may not create global banners", "agentadmin", global("warning", "x", staff), "ACCESS_DENIED", "access_denied"},
		{"customer admin may not create global banners", "anna", global("warning", "x", staff), "ACCESS_DENIED", "access_denied"},
		{"agent admin creates a company banner", "agentadmin", company(acme, "info", `<p>Acme <a href="https://acme.test" target="_blank">news</a></p>`, customers), "", ""},
		{"company scope is apart from global", "admin", company(acme, "warning", "<p>Acme staff</p>", staff), "", ""},
		{"same type in the same company", "admin", company(acme, "info", "x", both), "VALIDATION_ERROR", "banner_type_already_exists_for_these_user_types"},
		{"agent user may not create company banners", "agent", company(acme, "warning", "x", customers), "ACCESS_DENIED", "access_denied"},
		{"customer admin may not create company banners", "anna", company(acme, "warning", "x", customers), "ACCESS_DENIED", "access_denied"},
		{"customer user may not create company banners", "carl", company(acme, "warning", "x", customers), "ACCESS_DENIED", "access_denied"},
		{"agent admin outside their companies", "agentadmin", company(kalev, "info", "x", customers), "RECORD_NOT_FOUND", "record_not_found"},
		{"a malformed company id", "agentadmin", company("nope", "info", "x", customers), "RECORD_NOT_FOUND", "record_not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := be.bannerCount(t)
			p := be.as(t, tt.who).createBanner(tt.vars)
			if tt.code == "" {
				require.Empty(t, p.Errors)
				require.NotNil(t, p.SystemBanner)
				require.Equal(t, tt.vars["d"], p.SystemBanner.Description)
				require.Equal(t, before+1, be.bannerCount(t))
				return
			}
			require.Len(t, p.Errors, 1)
			require.Equal(t, tt.code, p.Errors[0].Code)
			require.Equal(t, tt.message, p.Errors[0].Message)
			require.Nil(t, p.SystemBanner)
			require.Equal(t, before, be.bannerCount(t), "bad input changed something")
		})
	}

	t.Run("each viewer is shown their banners", func(t *testing.T) {
		shown := []struct {
			who  string
			vars map[string]any
			want []string
		}{
			{"anna", map[string]any{"c": acme, "all": true}, []string{"<p>Maintenance <strong>tonight</strong></p>", exact,
				`<p>Acme <a href="https://acme.test" target="_blank">news</a></p>`}},
			{"carl", map[string]any{"all": true}, []string{"<p>Maintenance <strong>tonight</strong></p>", exact,
				`<p>Acme <a href="https://acme.test" target="_blank">news</a></p>`}},
			{"eva", map[string]any{"all": true}, []string{"<p>Maintenance <strong>tonight</strong></p>", exact}},
			{"agent", map[string]any{"c": acme, "all": true}, []string{"<p>For staff</p>", "<p>Acme staff</p>"}},
			// managers see every banner they manage; others what is shown to them
			{"admin", map[string]any{"g": "global"}, []string{"<p>Maintenance <strong>tonight</strong></p>", "<p>For staff</p>", exact}},
			{"agentadmin", map[string]any{"c": acme, "g": "company"}, []string{
				`<p>Acme <a href="https://acme.test" target="_blank">news</a></p>`, "<p>Acme staff</p>"}},
			{"anna", map[string]any{"c": acme, "g": "company"}, []string{`<p>Acme <a href="https://acme.test" target="_blank">news</a></p>`}},
			{"agentadmin", map[string]any{"g": "global"}, []string{"<p>For staff</p>"}},
		}
		for _, s := range shown {
			require.Equal(t, s.want, descriptions(be.as(t, s.who).banners(s.vars)), "%s %v", s.who, s.vars)
		}
		require.Equal(t, "RECORD_NOT_FOUND", be.as(t, "eva").gqlError(listBanners, map[string]any{"c": acme, "all": true}))
		require.Equal(t, "ARGUMENT_ERROR", be.as(t, "eva").gqlError(listBanners, map[string]any{"g": "planet"}))
	})
}

func TestBannerDismissUpdateDeleteAndEvents(t *testing.T) {
	be := setupBanners(t)
	admin, agentadmin, anna := be.as(t, "admin"), be.as(t, "agentadmin"), be.as(t, "anna")
	ids := map[string]uuid.UUID{}
	for _, who := range []string{"anna", "carl", "eva", "agent", "agentadmin"} {
		email := map[string]string{"anna": "anna@acme.test", "carl": "carl@acme.test", "eva": "eva@borealis.test",
			"agent": "agent@portico.test", "agentadmin": "agentadmin@portico.test"}[who]
		ids[who] = be.seed.Users[email].UUID
	}
	subs := map[string]*realtime.Subscription{}
	for who, id := range ids {
		subs[who] = be.bus.Subscribe(id, 100)
		defer subs[who].Close()
	}
	// expect sends a sentinel after the events of the last change: each
	// subscriber named in want must get its key (with the banner's id) first,
	// the others nothing but the sentinel.
	expect := func(t *testing.T, bannerID string, want map[string]string) {
		t.Helper()
		all := make([]uuid.UUID, 0, len(ids))
		for _, id := range ids {
			all = append(all, id)
		}
		be.bus.Publish(context.Background(), notify.Event{Users: all, Key: "test.sentinel", Data: map[string]any{"uuid": "s"}})
		next := func(name string) realtime.Message {
			select {
			case m, ok := <-subs[name].C():
				if !ok {
					t.Fatalf("%s's subscription ended: %s", name, subs[name].Reason())
				}
				return *m
			case <-time.After(rtWait):
				t.Fatalf("%s got nothing", name)
			}
			return realtime.Message{}
		}
		for name := range subs {
			m := next(name)
			key, ok := want[name]
			if !ok {
				require.Equal(t, "test.sentinel", m.Key, "%s got an event meant for others", name)
				continue
			}
			require.Equal(t, key, m.Key, "%s", name)
			var d struct{ UUID string }
			require.NoError(t, json.Unmarshal(m.Data, &d))
			require.Equal(t, bannerID, d.UUID)
			require.Equal(t, "test.sentinel", next(name).Key, "%s", name)
		}
	}
	to := func(key string, who ...string) map[string]string {
		m := map[string]string{}
		for _, w := range who {
			m[w] = key
		}
		return m
	}

	p := admin.createBanner(map[string]any{"g": "global", "t": "warning", "d": "<p>Global</p>", "u": []string{"customer"}})
	require.Empty(t, p.Errors)
	global := p.SystemBanner.ID
	expect(t, global, to("system_banner.create", "anna", "carl", "eva"))

	p = agentadmin.createBanner(map[string]any{"g": "company", "c": be.acme, "t": "info", "d": "<p>Acme</p>",
		"u": []string{"customer"}, "dis": false})
	require.Empty(t, p.Errors)
	acmeBanner := p.SystemBanner.ID
	require.False(t, p.SystemBanner.Dismissible)
	require.Equal(t, "Acme Oy", p.SystemBanner.Company.Name)
	expect(t, acmeBanner, to("system_banner.create", "anna", "carl"))

	t.Run("dismissing", func(t *testing.T) {
		var r bannerPayload
		anna.gql(dismissBanner, map[string]any{"id": global}, "dismissSystemBanner", &r)
		require.True(t, r.Success)
		anna.gql(dismissBanner, map[string]any{"id": global}, "dismissSystemBanner", &r)
		require.True(t, r.Success, "dismissing twice is harmless")
		require.Equal(t, []string{"<p>Acme</p>"}, descriptions(anna.banners(map[string]any{"c": be.acme, "all": true})))
		require.Equal(t, []string{"<p>Global</p>", "<p>Acme</p>"}, descriptions(be.as(t, "carl").banners(map[string]any{"c": be.acme, "all": true})))
		require.Equal(t, []string{"<p>Global</p>"}, descriptions(anna.banners(map[string]any{"g": "global", "a": "view_hidden"})))

		for _, c := range []struct {
			who, id, code, message string
		}{
			{"anna", acmeBanner, "ARGUMENT_ERROR", "banner_not_dismissible"},
			{"eva", acmeBanner, "RECORD_NOT_FOUND", "record_not_found"},
			{"agent", global, "RECORD_NOT_FOUND", "record_not_found"},
			{"anna", uuid.NewString(), "RECORD_NOT_FOUND", "record_not_found"},
		} {
			be.as(t, c.who).gql(dismissBanner, map[string]any{"id": c.id}, "dismissSystemBanner", &r)
			require.False(t, r.Success, "%s %s", c.who, c.id)
			require.Equal(t, c.code, r.Errors[0].Code)
			require.Equal(t, c.message, r.Errors[0].Message)
		}
	})

	t.Run("updating", func(t *testing.T) {
		var r bannerPayload
		// anna dismissed the global banner: its update is not sent to her
		admin.gql(updateBanner, map[string]any{"id": global, "d": "<p>Global, changed</p>"}, "updateSystemBanner", &r)
		require.Empty(t, r.Errors)
		require.Equal(t, "<p>Global, changed</p>", r.SystemBanner.Description)
		expect(t, global, to("system_banner.update", "carl", "eva"))

		// the audience moves from customers to staff: customers are told it is gone
		agentadmin.gql(updateBanner, map[string]any{"id": acmeBanner, "u": []string{"portico_user"}}, "updateSystemBanner", &r)
		require.Empty(t, r.Errors)
		require.Equal(t, []string{"portico_user"}, r.SystemBanner.UserTypes)
		expect(t, acmeBanner, map[string]string{"agent": "system_banner.update", "agentadmin": "system_banner.update",
			"anna": "system_banner.destroy", "carl": "system_banner.destroy"})

		for _, c := range []struct {
			name, who string
			vars      map[string]any
			code, msg string
		}{
			{"agent user", "agent", map[string]any{"id": acmeBanner, "d": "x"}, "ACCESS_DENIED", "access_denied"},
			{"customer admin", "anna", map[string]any{"id": acmeBanner, "d": "x"}, "ACCESS_DENIED", "access_denied"},
			{"another company", "eva", map[string]any{"id": acmeBanner, "d": "x"}, "RECORD_NOT_FOUND", "record_not_found"},
			{"agent admin on a global banner", "agentadmin", map[string]any{"id": global, "d": "x"}, "ACCESS_DENIED", "access_denied"},
			{"too long", "admin", map[string]any{"id": global, "d": strings.Repeat("y", 251)}, "VALIDATION_ERROR", "description_too_long"},
			{"blank user types", "admin", map[string]any{"id": global, "u": []string{}}, "VALIDATION_ERROR", "user_types_cannot_be_blank"},
			{"disallowed html", "admin", map[string]any{"id": global, "d": "<iframe></iframe>"}, "VALIDATION_ERROR", "disallowed_html"},
			{"moving to another group", "admin", map[string]any{"id": global, "g": "company"}, "ARGUMENT_ERROR", "banner_group_cannot_be_changed"},
			{"moving to another company", "admin", map[string]any{"id": acmeBanner, "c": be.kalev}, "ARGUMENT_ERROR", "banner_group_cannot_be_changed"},
			{"unknown banner", "admin", map[string]any{"id": uuid.NewString(), "d": "x"}, "RECORD_NOT_FOUND", "record_not_found"},
		} {
			be.as(t, c.who).gql(updateBanner, c.vars, "updateSystemBanner", &r)
			require.Len(t, r.Errors, 1, c.name)
			require.Equal(t, c.code, r.Errors[0].Code, c.name)
			require.Equal(t, c.msg, r.Errors[0].Message, c.name)
		}
		require.Equal(t, []string{"<p>Global, changed</p>"}, descriptions(admin.banners(map[string]any{"g": "global"})),
			"failed updates changed nothing")
	})

	t.Run("a taken type on update", func(t *testing.T) {
		p := admin.createBanner(map[string]any{"g": "global", "t": "info", "d": "<p>Info</p>", "u": []string{"customer"}})
		require.Empty(t, p.Errors)
		expect(t, p.SystemBanner.ID, to("system_banner.create", "carl", "eva", "anna"))
		var r bannerPayload
		admin.gql(updateBanner, map[string]any{"id": p.SystemBanner.ID, "t": "warning"}, "updateSystemBanner", &r)
		require.Equal(t, "banner_type_already_exists_for_these_user_types", r.Errors[0].Message)
	})

	t.Run("deleting", func(t *testing.T) {
		var r bannerPayload
		for _, c := range []struct{ who, code string }{{"agent", "ACCESS_DENIED"}, {"eva", "RECORD_NOT_FOUND"}} {
			be.as(t, c.who).gql(deleteBanner, map[string]any{"id": acmeBanner}, "deleteSystemBanner", &r)
			require.False(t, r.Success)
			require.Equal(t, c.code, r.Errors[0].Code)
		}
		agentadmin.gql(deleteBanner, map[string]any{"id": acmeBanner}, "deleteSystemBanner", &r)
		require.True(t, r.Success)
		expect(t, acmeBanner, to("system_banner.destroy", "agent", "agentadmin"))
		require.Empty(t, agentadmin.banners(map[string]any{"c": be.acme, "g": "company"}))
	})
}

// TestBannerHiddenView: systemBanners(companyId, action: view_hidden) is the company page's
// read-only list for provider staff: every global banner and the company's own, whatever their
// audience and whoever dismissed them; another company is not found; customers keep their own list.
func TestBannerHiddenView(t *testing.T) {
	be := setupBanners(t)
	admin, agentadmin := be.as(t, "admin"), be.as(t, "agentadmin")
	for _, p := range []bannerPayload{
		admin.createBanner(map[string]any{"g": "global", "t": "info", "d": "<p>Global for customers</p>", "u": []string{"customer"}}),
		admin.createBanner(map[string]any{"g": "global", "t": "info", "d": "<p>Global for staff</p>", "u": []string{"portico_user"}}),
		agentadmin.createBanner(map[string]any{"g": "company", "c": be.acme, "t": "warning", "d": "<p>Acme</p>", "u": []string{"customer"}}),
		admin.createBanner(map[string]any{"g": "company", "c": be.kalev, "t": "warning", "d": "<p>Kalev</p>", "u": []string{"customer"}}),
	} {
		require.Empty(t, p.Errors)
	}
	shown := be.as(t, "anna").banners(map[string]any{"c": be.acme, "all": true})
	for _, b := range shown {
		var r bannerPayload
		be.as(t, "anna").gql(dismissBanner, map[string]any{"id": b.ID}, "dismissSystemBanner", &r)
		require.True(t, r.Success)
	}
	require.Empty(t, be.as(t, "anna").banners(map[string]any{"c": be.acme, "all": true}), "anna dismissed what she is shown")

	hidden := func(vars map[string]any) map[string]any {
		vars["a"] = "view_hidden"
		return vars
	}
	everything := []string{"<p>Global for customers</p>", "<p>Global for staff</p>", "<p>Acme</p>"}
	for _, c := range []struct {
		who  string
		vars map[string]any
		want []string
	}{
		{"agent", hidden(map[string]any{"c": be.acme}), everything},
		{"agentadmin", hidden(map[string]any{"c": be.acme}), everything},
		{"admin", hidden(map[string]any{"c": be.acme}), everything},
		{"agent", hidden(map[string]any{"c": be.acme, "g": "company"}), []string{"<p>Acme</p>"}},
		{"agent", hidden(map[string]any{"c": be.acme, "g": "global"}), everything[:2]},
		// a customer asking for it gets the company's banners they are shown, dismissed ones too
		{"anna", hidden(map[string]any{"c": be.acme}), []string{"<p>Acme</p>"}},
	} {
		require.Equal(t, c.want, descriptions(be.as(t, c.who).banners(c.vars)), "%s %v", c.who, c.vars)
	}
	list := be.as(t, "agent").banners(hidden(map[string]any{"c": be.acme, "g": "company"}))
	require.Equal(t, be.acme, *list[0].CompanyID)
	require.Equal(t, "Acme Oy", list[0].Company.Name)

	for _, who := range []string{"agent", "agentadmin", "anna", "eva"} {
		require.Equal(t, "RECORD_NOT_FOUND", be.as(t, who).gqlError(listBanners, hidden(map[string]any{"c": be.kalev})),
			"%s must not see Kalev's banners", who)
	}
	require.Equal(t, "ARGUMENT_ERROR", be.as(t, "agent").gqlError(listBanners, map[string]any{"c": be.acme, "a": "view_all"}))
}

// TestBannerUpdateRefusesBadText: an edit whose text is too long, only markup or holds other HTML
// is refused with the catalogue's key and leaves the stored banner as it was.
func TestBannerUpdateRefusesBadText(t *testing.T) {
	be := setupBanners(t)
	admin := be.as(t, "admin")
	p := admin.createBanner(map[string]any{"g": "global", "t": "info", "d": "<p>Kept <strong>as is</strong></p>", "u": []string{"customer"}})
	require.Empty(t, p.Errors)
	id := p.SystemBanner.ID
	for _, c := range []struct{ name, text, code, message string }{
		{"over 250 with the markup", "<p>" + strings.Repeat("x", 244) + "</p>", "VALIDATION_ERROR", "description_too_long"},
		{"only markup", "<p><br></p><div> </div>", "VALIDATION_ERROR", "description_cannot_be_blank"},
		{"an image", `<p>hi<img src="x"></p>`, "VALIDATION_ERROR", "disallowed_html"},
	} {
		var r bannerPayload
		admin.gql(updateBanner, map[string]any{"id": id, "d": c.text}, "updateSystemBanner", &r)
		require.Len(t, r.Errors, 1, c.name)
		require.Equal(t, c.code, r.Errors[0].Code, c.name)
		require.Equal(t, c.message, r.Errors[0].Message, c.name)
		require.Nil(t, r.SystemBanner, c.name)
	}
	require.Equal(t, []string{"<p>Kept <strong>as is</strong></p>"}, descriptions(admin.banners(map[string]any{"g": "global"})))
}
