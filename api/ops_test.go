package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"

	"portico/api"
	"portico/config"
)

// Operators: /healthz answers while the process runs; /readyz names the
// dependency that does not answer; the metrics count HTTP routes and GraphQL
// operations by name; every answer carries its request id.
func TestHealthReadinessAndMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	var temporalDown bool
	ready := []api.ReadyCheck{
		{Name: "database", Check: func(context.Context) error { return nil }},
		{Name: "temporal", Check: func(context.Context) error {
			if temporalDown {
				return errors.New("connection refused at 10.0.0.7")
			}
			return nil
		}},
	}
	e := testServer(t, serverOpts{adjust: func(d *api.Deps) { d.Metrics, d.Ready = api.NewMetrics(reg), ready }})
	c := e.client(t)

	res, body := c.get("/healthz")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "ok", string(body))
	res, body = c.get("/readyz")
	assert.Equal(t, http.StatusOK, res.StatusCode, string(body))
	temporalDown = true
	res, body = c.get("/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
	assert.Contains(t, string(body), `"temporal":"unavailable"`)
	assert.NotContains(t, string(body), "10.0.0.7", "what failed stays in the log")
	assert.NotEmpty(t, res.Header.Get("X-Request-Id"))

	c.signIn("anna@acme.test")
	_, out := c.graphql(`query { countries { id } }`, nil)
	require.Empty(t, out.Errors)

	h := histogramCount(t, reg, "portico_graphql_operation_duration_seconds", map[string]string{"type": "query", "operation": "countries", "outcome": "ok"})
	assert.Equal(t, uint64(1), h)
	assert.Equal(t, uint64(1), histogramCount(t, reg, "portico_http_request_duration_seconds",
		map[string]string{"method": "POST", "route": "/graphql", "code": "200"}))
	assert.Equal(t, uint64(2), histogramCount(t, reg, "portico_http_request_duration_seconds",
		map[string]string{"method": "GET", "route": "/readyz", "code": "503"})+histogramCount(t, reg,
		"portico_http_request_duration_seconds", map[string]string{"method": "GET", "route": "/readyz", "code": "200"}))

	// the operators' listener serves the same registry in Prometheus' text format
	ops := api.OpsHandler(reg, ready, nil)
	rec := httptest.NewRecorder()
	ops.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Contains(t, rec.Body.String(), `portico_graphql_operation_duration_seconds_count{operation="countries",outcome="ok",type="query"} 1`)
}

// histogramCount is the sample count of the histogram name with exactly labels.
func histogramCount(t *testing.T, g prometheus.Gatherer, name string, labels map[string]string) uint64 {
	t.Helper()
	mfs, err := g.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			if labelsEqual(m.GetLabel(), labels) {
				return m.GetHistogram().GetSampleCount()
			}
		}
	}
	return 0
}

func labelsEqual(got []*dto.LabelPair, want map[string]string) bool {
	if len(got) != len(want) {
		return false
	}
	for _, l := range got {
		if want[l.GetName()] != l.GetValue() {
			return false
		}
	}
	return true
}

// GraphQL is limited per session and sign-in per client address: past the
// limit the answer is 429 with Retry-After, another session is not affected,
// and dev login (development only) is not limited.
func TestRateLimits(t *testing.T) {
	e := testServer(t, serverOpts{configure: func(cfg *config.Config) {
		cfg.GraphQLRatePerMinute = 3
		cfg.SignInRatePerMinute = 2
	}})
	anna, carl := e.client(t), e.client(t)
	anna.signIn("anna@acme.test")
	anna.signIn("anna@acme.test") // dev login is not limited
	carl.signIn("carl@acme.test")
	for i := range 3 {
		status, _ := anna.graphql(`{ countries { id } }`, nil)
		require.Equal(t, http.StatusOK, status, "request %d", i+1)
	}
	status, out := anna.graphql(`{ countries { id } }`, nil)
	assert.Equal(t, http.StatusTooManyRequests, status)
	require.NotEmpty(t, out.Errors)
	res := anna.rawPost("/graphql", `{"query":"{ countries { id } }"}`)
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	retry, err := strconv.Atoi(res.Header.Get("Retry-After"))
	require.NoError(t, err, "Retry-After %q", res.Header.Get("Retry-After"))
	assert.GreaterOrEqual(t, retry, 1)
	assert.LessOrEqual(t, retry, 20, "one token comes back in 20 s at 3 a minute")
	status, _ = carl.graphql(`{ countries { id } }`, nil)
	assert.Equal(t, http.StatusOK, status, "another session has its own allowance")

	anon := e.client(t)
	for i := range 2 {
		res, _ := anon.get("/auth/sso?email=someone@nowhere.test")
		require.NotEqual(t, http.StatusTooManyRequests, res.StatusCode, "sign-in %d", i+1)
	}
	res, _ = anon.get("/auth/sso?email=someone@nowhere.test")
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
}

func (c *client) rawPost(path, body string) *http.Response {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, c.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", c.base)
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	res.Body.Close()
	return res
}

// The GraphQL limits hold: an operation nested past DepthLimit or asking
// for more than ComplexityLimit runs nothing, and every document of the web
// app stays under both.
func TestGraphQLDepthAndComplexityLimits(t *testing.T) {
	e := setup(t, true)
	c := e.client(t)
	c.signIn("admin@portico.test")

	// Portico's own types do not nest back into each other (the deepest path is
	// 6 fields), so the limit guards the recursive introspection types, which
	// validation accepts before introspection is refused
	deep := "name"
	for range api.DepthLimit {
		deep = "ofType { " + deep + " }"
	}
	_, out := c.graphql(`{ __type(name: "Company") { fields { type { `+deep+` } } } }`, nil)
	require.NotEmpty(t, out.Errors)
	assert.Equal(t, "DEPTH_LIMIT_EXCEEDED", out.Errors[0].Extensions["code"])

	// within the depth limit, many aliases are too complex
	var b strings.Builder
	b.WriteString("{")
	for i := range api.ComplexityLimit/5 + 1 {
		b.WriteString(" c" + strconv.Itoa(i) + ": countries { id uuid name code }")
	}
	b.WriteString(" }")
	_, out = c.graphql(b.String(), nil)
	require.NotEmpty(t, out.Errors)
	assert.Equal(t, "COMPLEXITY_LIMIT_EXCEEDED", out.Errors[0].Extensions["code"])
	assert.Empty(t, out.Data["c0"])

	_, out = c.graphql(`{ c0: countries { id uuid name code } }`, nil)
	assert.Empty(t, out.Errors, "a modest query passes")

	// the web app's documents: fragments resolved by name across files
	docs := webDocuments(t)
	require.Greater(t, len(docs), 20)
	frags := map[string]*ast.FragmentDefinition{}
	var ops []*ast.OperationDefinition
	for _, src := range docs {
		doc, err := parser.ParseQuery(&ast.Source{Input: src})
		require.NoError(t, err, src)
		for _, f := range doc.Fragments {
			frags[f.Name] = f
		}
		ops = append(ops, doc.Operations...)
	}
	require.NotEmpty(t, ops)
	for _, op := range ops {
		d := depthOf(op.SelectionSet, frags, 0)
		assert.LessOrEqual(t, d, api.DepthLimit, "web operation %s nests %d deep", op.Name, d)
	}
}

var graphqlDoc = regexp.MustCompile("(?s)graphql\\(`(.*?)`\\)")

func webDocuments(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir("../web/src", func(path string, de os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if de.IsDir() && (de.Name() == "gql" || de.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, ".ts") && !strings.HasSuffix(path, ".tsx") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range graphqlDoc.FindAllStringSubmatch(string(b), -1) {
			out = append(out, m[1])
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

func depthOf(set ast.SelectionSet, frags map[string]*ast.FragmentDefinition, depth int) int {
	deepest := depth
	for _, sel := range set {
		d := depth
		switch sel := sel.(type) {
		case *ast.Field:
			d = depthOf(sel.SelectionSet, frags, depth+1)
		case *ast.InlineFragment:
			d = depthOf(sel.SelectionSet, frags, depth)
		case *ast.FragmentSpread:
			if f := frags[sel.Name]; f != nil {
				d = depthOf(f.SelectionSet, frags, depth)
			}
		}
		deepest = max(deepest, d)
	}
	return deepest
}
