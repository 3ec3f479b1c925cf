package api

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// jsonPOST is gqlgen's POST transport (transport.POST: an application/json
// body) but for how an answer is written: gqlgen's encodes the finished
// response with encoding/json, which scans, re-escapes and copies the data
// gqlgen has already marshalled (a 200-thread inbox page is 157 kB: about a
// millisecond, an eighth of the edge's time, issue 29). jsonPOST writes that
// data as it is, around the errors and extensions encoding/json still writes.
// Everything else (the answer's media type, statuses, error texts) is
// transport.POST's.
type jsonPOST struct{}

var _ graphql.Transport = jsonPOST{}

const (
	mediaJSON            = "application/json"
	mediaGraphQLResponse = "application/graphql-response+json"
)

func (jsonPOST) Supports(r *http.Request) bool {
	if r.Header.Get("Upgrade") != "" {
		return false
	}
	mediaType, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && r.Method == http.MethodPost && mediaType == mediaJSON
}

func (jsonPOST) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	contentType := answerMediaType(r)
	w.Header().Set("Content-Type", contentType)
	start := graphql.Now()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeAnswer(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("could not read request body: %+v", err)}))
		return
	}
	var params graphql.RawParams
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&params); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeAnswer(w, exec.DispatchError(ctx, gqlerror.List{
			gqlerror.Errorf("json request body could not be decoded: %+v body:%s", err, body)}))
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	rc, opErr := exec.CreateOperationContext(ctx, &params)
	if opErr != nil {
		status := http.StatusOK
		if errcode.GetErrorKind(opErr) == errcode.KindProtocol {
			status = http.StatusUnprocessableEntity
			if contentType == mediaGraphQLResponse {
				status = http.StatusBadRequest
			}
		}
		w.WriteHeader(status)
		writeAnswer(w, exec.DispatchError(graphql.WithOperationContext(ctx, rc), opErr))
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, rc)
	writeAnswer(w, responses(ctx))
}

// answerMediaType is the answer's media type from the request's Accept, as
// transport.POST chooses it: the first it names of application/json and
// application/graphql-response+json (a wildcard is application/json), that
// one when it names neither, application/json without an Accept.
func answerMediaType(r *http.Request) string {
	accept := r.Header.Get("Accept")
	if accept == "" {
		return mediaJSON
	}
	for part := range strings.SplitSeq(accept, ",") {
		mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mediaType {
		case "*/*", "application/*", mediaJSON:
			return mediaJSON
		case mediaGraphQLResponse:
			return mediaGraphQLResponse
		}
	}
	return mediaGraphQLResponse
}

// writeAnswer writes resp as encoding/json would (the same members in the
// same order) but with its data as gqlgen marshalled it; an incremental
// answer (label, path, hasNext) goes through encoding/json whole.
func writeAnswer(w io.Writer, resp *graphql.Response) {
	if resp.Label != "" || resp.Path != nil || resp.HasNext != nil || len(resp.Data) == 0 {
		b, err := json.Marshal(resp)
		if err != nil {
			panic(err) // as transport.POST: gqlgen's own values always encode
		}
		_, _ = w.Write(b)
		return
	}
	head := []byte{'{'}
	if len(resp.Errors) > 0 {
		errs, err := json.Marshal(resp.Errors)
		if err != nil {
			panic(err)
		}
		head = append(append(append(head, `"errors":`...), errs...), ',')
	}
	head = append(head, `"data":`...)
	tail := []byte{'}'}
	if len(resp.Extensions) > 0 {
		ext, err := json.Marshal(resp.Extensions)
		if err != nil {
			panic(err)
		}
		tail = append(append([]byte(`,"extensions":`), ext...), '}')
	}
	_, _ = w.Write(head)
	_, _ = w.Write(resp.Data)
	_, _ = w.Write(tail)
}
