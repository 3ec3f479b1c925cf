package api

import (
	"net/http"
	"strings"

	"portico/api/graph"
	"portico/api/graph/model"
	"portico/api/viewer"
	"portico/engine/org"
)

// initResponse is GET /api/init.json: what the web app needs before its first screen.
type initResponse struct {
	User          initUser          `json:"user"`
	Companies     []*model.Company  `json:"companies"`
	Groups        []initGroup       `json:"groups"`
	Categories    []*model.Category `json:"categories"`
	Favorites     []string          `json:"favorites"`
	RealtimeToken string            `json:"realtimeToken"`
	AdminPanel    bool              `json:"adminPanel"`
	// TermsURL is the configured terms address ({lang} for the reader's language), or "".
	TermsURL string `json:"termsUrl"`
	// AuthURL is the authentication host (AUTH_URL, else this request's): the SSO settings
	// show the addresses there that a company's identity provider is given.
	AuthURL string `json:"authUrl"`
	// SelectedCompanyID is the company the request's x-company-uuid header named (the
	// mobile app keeps the selected company on the device and sends it, spec 000 §7) when
	// it is one of the viewer's companies; else null, and the app picks as on a first visit.
	SelectedCompanyID *string `json:"selectedCompanyId"`
}

// CompanyHeader is the header in which the mobile app names its selected company.
const CompanyHeader = "X-Company-UUID"

// initUser is the signed-in user with their saved category filter
// (updateSelectedCategoryIds), in the ids of the categories list, which the
// web app's login-category filter (spec 000 §2.4 guard 13) reads as
// user.selectedCategoryIds.
type initUser struct {
	*model.User
	SelectedCategoryIDs []string `json:"selectedCategoryIds"`
}

type initGroup struct {
	UUID            string   `json:"uuid"`
	Name            string   `json:"name"`
	Favorite        bool     `json:"favorite"`
	MotherCompanyID *string  `json:"motherCompanyId"`
	CompanyIDs      []string `json:"companyIds"`
}

func (s *Server) initJSON(w http.ResponseWriter, r *http.Request) {
	v := viewer.From(r.Context())
	// the viewer's companies are computed once for the lists below
	ctx := org.WithMemo(r.Context())
	w.Header().Set("x-ui-version", UIVersion)
	w.Header().Add("Vary", CompanyHeader)
	companies, err := s.directory.Companies(ctx, v.User, v.AdminPanel)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var domains []string
	for _, c := range companies {
		domains = append(domains, c.Domains...)
	}
	if derr := s.checkDomain(r, v.User, domains); derr != nil {
		writeJSON(w, http.StatusForbidden, map[string]any{
			"errors": []map[string]string{{"code": string(derr.Code), "message": derr.Message}},
			"meta":   map[string]any{"redirect_uri": derr.Details["redirectTo"]},
		})
		return
	}
	mapped, err := s.resolver.CompanyList(ctx, companies)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	categories, err := s.directory.Categories(ctx, v.Request(), org.CategoryFilter{})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	groups, err := s.directory.Groups(ctx, v.User, v.AdminPanel)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	resp := initResponse{
		User: initUser{User: graph.User(v.User, true), SelectedCategoryIDs: []string{}}, Companies: mapped, Groups: []initGroup{},
		Categories: []*model.Category{}, Favorites: []string{}, RealtimeToken: v.User.RealtimeToken,
		AdminPanel: v.AdminPanel, TermsURL: s.cfg.TermsURL, AuthURL: s.authOrigin(r),
	}
	for _, id := range v.User.SelectedCategoryIds {
		resp.User.SelectedCategoryIDs = append(resp.User.SelectedCategoryIDs, graph.CategoryID(id))
	}
	wanted := strings.TrimSpace(r.Header.Get(CompanyHeader))
	for _, c := range companies {
		if id := c.Company.UUID.String(); wanted != "" && strings.EqualFold(id, wanted) {
			resp.SelectedCompanyID = &id
		}
		if c.Favorite {
			resp.Favorites = append(resp.Favorites, c.Company.UUID.String())
		}
		resp.User.Responsible = resp.User.Responsible || c.Membership.Responsible
	}
	for _, c := range categories {
		resp.Categories = append(resp.Categories, graph.Category(c))
	}
	for _, g := range groups {
		ig := initGroup{UUID: g.UUID.String(), Name: g.Name, Favorite: g.Favorite, CompanyIDs: []string{}}
		if g.Mother != nil {
			id := g.Mother.Company.UUID.String()
			ig.MotherCompanyID = &id
		}
		for _, id := range g.MemberIDs {
			ig.CompanyIDs = append(ig.CompanyIDs, id.String())
		}
		resp.Groups = append(resp.Groups, ig)
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	s.log.Error("request failed", "path", r.URL.Path, "err", err)
	writeError(w, http.StatusInternalServerError, "INTERNAL", "something_went_wrong")
}
