package api

import (
	"net/http"
	"strconv"

	"portico/api/graph"
	"portico/api/graph/model"
	"portico/api/viewer"
	"portico/engine/store"
)

// initResponse is GET /api/init.json: what the web app needs before its first screen.
type initResponse struct {
	User          *model.User       `json:"user"`
	Companies     []*model.Company  `json:"companies"`
	Groups        []initGroup       `json:"groups"`
	Categories    []*model.Category `json:"categories"`
	Favorites     []string          `json:"favorites"`
	RealtimeToken string            `json:"realtimeToken"`
	AdminPanel    bool              `json:"adminPanel"`
	// SelectedCategoryIDs is the agent's saved category filter (updateSelectedCategoryIds).
	SelectedCategoryIDs []string `json:"selectedCategoryIds"`
	// TermsURL is the configured terms address ({lang} for the reader's language), or "".
	TermsURL string `json:"termsUrl"`
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
	ctx := r.Context()
	w.Header().Set("x-ui-version", UIVersion)
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
	mapped, err := s.Resolver().CompanyList(ctx, companies)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	resp := initResponse{
		User: graph.User(v.User, true), Companies: mapped, Groups: []initGroup{},
		Categories: []*model.Category{}, Favorites: []string{}, RealtimeToken: v.User.RealtimeToken,
		AdminPanel: v.AdminPanel, SelectedCategoryIDs: []string{}, TermsURL: s.cfg.TermsURL,
	}
	for _, id := range v.User.SelectedCategoryIds {
		resp.SelectedCategoryIDs = append(resp.SelectedCategoryIDs, strconv.FormatInt(id, 10))
	}
	ids := make([]int64, 0, len(companies))
	uuidByID := map[int64]string{}
	seenCategory := map[int64]bool{}
	for _, c := range companies {
		ids = append(ids, c.Company.ID)
		uuidByID[c.Company.ID] = c.Company.UUID.String()
		if c.Favorite {
			resp.Favorites = append(resp.Favorites, c.Company.UUID.String())
		}
		if c.Membership.Responsible {
			resp.User.Responsible = true
		}
		for _, cat := range c.VisibleCategories() {
			if !seenCategory[cat.ID] {
				seenCategory[cat.ID] = true
				resp.Categories = append(resp.Categories, graph.Category(cat))
			}
		}
	}
	if len(ids) > 0 {
		groups, err := s.st.GroupListForCompanies(ctx, store.GroupListForCompaniesParams{UserID: v.User.ID, CompanyIds: ids})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		for _, g := range groups {
			ig := initGroup{UUID: g.UUID.String(), Name: g.Name, Favorite: g.Favorite, CompanyIDs: []string{}}
			if g.MotherCompanyID != nil {
				if id, ok := uuidByID[*g.MotherCompanyID]; ok {
					ig.MotherCompanyID = &id
				}
			}
			for _, cu := range g.CompanyUuids {
				ig.CompanyIDs = append(ig.CompanyIDs, cu.String())
			}
			resp.Groups = append(resp.Groups, ig)
		}
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	s.log.Error("request failed", "path", r.URL.Path, "err", err)
	writeError(w, http.StatusInternalServerError, "INTERNAL", "something_went_wrong")
}
