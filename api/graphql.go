package api

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"portico/api/graph"
	"portico/api/graph/generated"
	"portico/engine/apperr"
	"portico/engine/org"
)

// ComplexityLimit caps how much one GraphQL query may ask for.
const ComplexityLimit = 2000

// Resolver is the GraphQL root; other edges add their dependencies to it before Handler runs.
func (s *Server) Resolver() *graph.Resolver {
	if s.resolver == nil {
		s.resolver = &graph.Resolver{Store: s.st, Directory: s.directory}
	}
	return s.resolver
}

func (s *Server) graphQL() http.Handler {
	srv := handler.New(generated.NewExecutableSchema(generated.Config{Resolvers: s.Resolver()}))
	srv.AddTransport(transport.POST{})
	srv.AddTransport(transport.MultipartForm{MaxUploadSize: s.cfg.MaxUploadBytes, MaxMemory: 32 << 20})
	srv.Use(extension.FixedComplexityLimit(ComplexityLimit))
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		// a query computes the viewer's companies and abilities once, however
		// many resolvers ask; a mutation reads them afresh after its writes
		if op := graphql.GetOperationContext(ctx).Operation; op != nil && op.Operation == ast.Query {
			ctx = org.WithMemo(ctx)
		}
		return next(ctx)
	})
	srv.SetErrorPresenter(func(ctx context.Context, err error) *gqlerror.Error {
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
			return gerr
		}
		var perr *gqlerror.Error
		if errors.As(err, &perr) && perr.Extensions != nil && perr.Extensions["code"] != nil {
			// parse and validation errors from gqlgen keep their own codes
			return gerr
		}
		if gerr.Extensions == nil || gerr.Extensions["code"] == nil {
			// an unexpected failure: log it, show nothing of its insides
			s.log.Error("graphql", "err", err, "path", strings.Trim(gerr.Path.String(), "."))
			gerr.Message = "something_went_wrong"
			gerr.Extensions = map[string]any{"code": "INTERNAL_SERVER_ERROR"}
		}
		return gerr
	})
	srv.SetRecoverFunc(func(ctx context.Context, p any) error {
		s.log.Error("graphql panic", "panic", p)
		return errors.New("internal error")
	})
	return srv
}

func isMultipart(r *http.Request) bool {
	return strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data")
}
