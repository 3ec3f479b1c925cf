package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"portico/api/graph/generated"
	"portico/api/viewer"
	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
)

// ComplexityLimit caps how much one GraphQL query may ask for.
const ComplexityLimit = 2000

// DepthLimit caps how deeply one GraphQL operation may nest fields (the web
// app's deepest document nests 8).
const DepthLimit = 15

func (s *Server) graphQL() http.Handler {
	srv := handler.New(generated.NewExecutableSchema(generated.Config{Resolvers: s.resolver}))
	srv.AddTransport(jsonPOST{})
	srv.AddTransport(uploads{transport.MultipartForm{MaxUploadSize: s.cfg.MaxUploadBytes, MaxMemory: 32 << 20}})
	// a document is parsed and validated once, not on every request (the web
	// app sends a few dozen; gqlgen's default server keeps 1000 the same way)
	srv.SetQueryCache(lru.New[*ast.QueryDocument](1000))
	srv.Use(extension.FixedComplexityLimit(ComplexityLimit))
	srv.Use(depthLimit{max: DepthLimit})
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		// a query computes the viewer's companies and abilities once, however
		// many resolvers ask; a mutation reads them afresh after its writes
		if op := graphql.GetOperationContext(ctx).Operation; op != nil && op.Operation == ast.Query {
			ctx = org.WithMemo(ctx)
		}
		if op := graphql.GetOperationContext(ctx).Operation; op != nil && asksIntrospection(op.SelectionSet) {
			// the web app's types come from the schema files; the running API
			// does not describe itself (docs/decisions)
			return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{s.presentError(ctx, apperr.Denied("introspection_disabled"))}})
		}
		if err := s.domainError(ctx); err != nil {
			return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{s.presentError(ctx, err)}})
		}
		return next(ctx)
	})
	srv.AroundRootFields(s.metrics.aroundRootFields)
	srv.SetErrorPresenter(s.presentError)
	srv.SetRecoverFunc(func(ctx context.Context, p any) error {
		s.log.Error("graphql panic", "panic", p)
		return errors.New("internal error")
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		srv.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), graphQLRequestKey{}, r)))
	})
}

// asksIntrospection tells whether an operation asks for __schema or __type at
// its top level, directly or through fragments (__typename stays allowed).
func asksIntrospection(set ast.SelectionSet) bool {
	for _, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			if sel.Name == "__schema" || sel.Name == "__type" {
				return true
			}
		case *ast.InlineFragment:
			if asksIntrospection(sel.SelectionSet) {
				return true
			}
		case *ast.FragmentSpread:
			if sel.Definition != nil && asksIntrospection(sel.Definition.SelectionSet) {
				return true
			}
		}
	}
	return false
}

// uploads is the GraphQL multipart transport with the catalogue's answer to
// a body over the upload limit: gqlgen answers one without a code ("failed to
// read file for key 0"), and a chunked body has no length to refuse it by
// beforehand (limitBody).
type uploads struct{ transport.MultipartForm }

func (u uploads) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	body := &countingBody{ReadCloser: r.Body}
	r.Body = body
	over := func() bool {
		return body.n > u.MaxUploadSize || r.ContentLength > u.MaxUploadSize || body.limitHit
	}
	u.MultipartForm.Do(&tooLargeWriter{ResponseWriter: w, over: over}, r, exec)
}

// countingBody counts what a request body gave and whether a limit cut it.
type countingBody struct {
	io.ReadCloser
	n        int64
	limitHit bool
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n += int64(n)
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		b.limitHit = true
	}
	return n, err
}

// tooLargeWriter replaces the transport's error answer with
// ARGUMENT_ERROR file_too_large when the body was over the limit.
type tooLargeWriter struct {
	http.ResponseWriter
	over             func() bool
	headed, replaced bool
}

func (w *tooLargeWriter) WriteHeader(status int) {
	w.headed = true
	if status >= http.StatusBadRequest && w.over() {
		w.replaced = true
		writeJSON(w.ResponseWriter, http.StatusRequestEntityTooLarge, map[string]any{"data": nil,
			"errors": []map[string]any{{"message": "file_too_large", "extensions": map[string]any{"code": string(apperr.ArgumentError)}}}})
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *tooLargeWriter) Write(b []byte) (int, error) {
	if !w.headed {
		// gqlgen refuses a declared length over the limit without a status
		status := http.StatusOK
		if w.over() {
			status = http.StatusRequestEntityTooLarge
		}
		w.WriteHeader(status)
	}
	if w.replaced {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// graphQLRequestKey carries the GraphQL request to its operations, for the domain check.
type graphQLRequestKey struct{}

// domainError is init.json's forbidden_domain rule for every GraphQL operation:
// through the wrong host an operation runs nothing and answers FORBIDDEN_DOMAIN
// naming the right host (extensions.redirectTo).
func (s *Server) domainError(ctx context.Context) error {
	r, _ := ctx.Value(graphQLRequestKey{}).(*http.Request)
	v := viewer.From(ctx)
	if r == nil || v == nil {
		return nil
	}
	if kind, _ := classifyHost(r.Host, s.cfg.BaseDomain); kind == HostSingle {
		return nil
	}
	var domains []string
	if v.User.UserType == string(access.UserTypeCustomer) {
		// only a customer's companies can name the host they belong on
		companies, err := s.directory.Companies(ctx, v.User, v.AdminPanel)
		if err != nil {
			return err
		}
		for _, c := range companies {
			domains = append(domains, c.Domains...)
		}
	}
	if derr := s.checkDomain(r, v.User, domains); derr != nil {
		return derr
	}
	return nil
}

// presentError turns an error into a GraphQL error: catalogue errors keep
// their code (extensions.code), message key, entityType and field, and
// FORBIDDEN_DOMAIN the host to go to (extensions.redirectTo, the target
// init.json gives as meta.redirect_uri); a dependency that is down is
// SERVICE_UNAVAILABLE; anything unexpected is logged and shown as
// something_went_wrong.
func (s *Server) presentError(ctx context.Context, err error) *gqlerror.Error {
	gerr := graphql.DefaultErrorPresenter(ctx, err)
	if e, ok := apperr.As(err); ok {
		gerr.Message = e.Message
		gerr.Extensions = map[string]any{"code": string(e.Code)}
		if e.EntityType != "" {
			gerr.Extensions["entityType"] = e.EntityType
		}
		if e.Field != "" {
			gerr.Extensions["field"] = e.Field
		}
		if to, ok := e.Details["redirectTo"]; ok && e.Code == apperr.ForbiddenDomain {
			gerr.Extensions["redirectTo"] = to
		}
		return gerr
	}
	var perr *gqlerror.Error
	if errors.As(err, &perr) && perr.Extensions != nil && perr.Extensions["code"] != nil {
		// parse and validation errors from gqlgen keep their own codes
		return gerr
	}
	if dependencyDown(err) {
		s.log.WarnContext(ctx, "graphql: a dependency is down", "err", err, "path", strings.Trim(gerr.Path.String(), "."))
		gerr.Message = keyUnavailable
		gerr.Extensions = map[string]any{"code": codeUnavailable}
		return gerr
	}
	if gerr.Extensions == nil || gerr.Extensions["code"] == nil {
		// an unexpected failure: log it, show nothing of its insides
		s.log.ErrorContext(ctx, "graphql", "err", err, "path", strings.Trim(gerr.Path.String(), "."))
		gerr.Message = "something_went_wrong"
		gerr.Extensions = map[string]any{"code": "INTERNAL_SERVER_ERROR"}
	}
	return gerr
}

func isMultipart(r *http.Request) bool {
	return strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data")
}

// depthLimit refuses an operation whose fields nest deeper than max
// (DEPTH_LIMIT_EXCEEDED), before anything runs; fragments count where they
// are spread.
type depthLimit struct{ max int }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = depthLimit{}

func (depthLimit) ExtensionName() string                   { return "DepthLimit" }
func (depthLimit) Validate(graphql.ExecutableSchema) error { return nil }

func (l depthLimit) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	if d := selectionDepth(oc.Operation.SelectionSet, 0, l.max); d > l.max {
		return &gqlerror.Error{Message: "operation_too_deep",
			Extensions: map[string]any{"code": "DEPTH_LIMIT_EXCEEDED", "depth": d, "limit": l.max}}
	}
	return nil
}

// selectionDepth is the deepest field nesting under set; it stops counting
// past limit (a fragment cycle is refused by validation before this runs).
func selectionDepth(set ast.SelectionSet, depth, limit int) int {
	deepest := depth
	if depth > limit {
		return depth
	}
	for _, sel := range set {
		var d int
		switch sel := sel.(type) {
		case *ast.Field:
			d = depth + 1
			if len(sel.SelectionSet) > 0 {
				d = selectionDepth(sel.SelectionSet, depth+1, limit)
			}
		case *ast.InlineFragment:
			d = selectionDepth(sel.SelectionSet, depth, limit)
		case *ast.FragmentSpread:
			if sel.Definition != nil {
				d = selectionDepth(sel.Definition.SelectionSet, depth, limit)
			}
		}
		deepest = max(deepest, d)
	}
	return deepest
}
