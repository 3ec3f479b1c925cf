package api

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// jsonPOST's answer says what transport.POST's does (encoding/json of the
// whole response), and carries gqlgen's data byte for byte.
func TestWriteAnswerMatchesEncodingJSON(t *testing.T) {
	yes := true
	data := json.RawMessage(`{"inboxTasks":{"collection":[{"title":"<b>VAT</b> & payroll","n":1}]}}`)
	errs := gqlerror.List{{Message: "record_not_found", Path: ast.Path{ast.PathName("company")},
		Extensions: map[string]any{"code": "RECORD_NOT_FOUND"}}}
	for name, resp := range map[string]*graphql.Response{
		"data":                     {Data: data},
		"data and errors":          {Data: data, Errors: errs},
		"errors, no data":          {Errors: errs},
		"data and extensions":      {Data: data, Extensions: map[string]any{"complexity": 12}},
		"errors, data, extensions": {Data: json.RawMessage(`null`), Errors: errs, Extensions: map[string]any{"a": "b"}},
		"incremental":              {Data: data, Label: "later", Path: ast.Path{ast.PathName("x")}, HasNext: &yes},
	} {
		var got bytes.Buffer
		writeAnswer(&got, resp)
		want, err := json.Marshal(resp)
		require.NoError(t, err)
		var g, w any
		require.NoError(t, json.Unmarshal(got.Bytes(), &g), "%s: %s", name, got.String())
		require.NoError(t, json.Unmarshal(want, &w))
		require.Equal(t, w, g, name)
		if resp.Label == "" && len(resp.Data) > 0 {
			require.Contains(t, got.String(), `"data":`+string(resp.Data), "%s: the data as gqlgen wrote it", name)
		}
	}
}

// The answer's media type follows Accept as transport.POST's does.
func TestAnswerMediaTypeAsGqlgen(t *testing.T) {
	for accept, want := range map[string]string{
		"":                                  mediaJSON,
		"*/*":                               mediaJSON,
		"application/json":                  mediaJSON,
		"application/*":                     mediaJSON,
		"application/graphql-response+json": mediaGraphQLResponse,
		"application/graphql-response+json,application/json;q=0.9": mediaGraphQLResponse,
		"application/json, application/graphql-response+json":      mediaJSON,
		"text/html": mediaGraphQLResponse,
		"%%%, */*":  mediaJSON,
	} {
		r := httptest.NewRequest("POST", "/graphql", nil)
		if accept != "" {
			r.Header.Set("Accept", accept)
		}
		require.Equal(t, want, answerMediaType(r), "Accept %q", accept)
	}
}
