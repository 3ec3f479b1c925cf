//go:build cluster

// Package faulttest kills and restarts the real processes of `make cluster`
// (scripts/cluster.sh) and checks what each fault costs, as
// docs/operations.md states it. `make test-cluster` runs it: TestMain starts a
// cluster of its own on CLUSTER_TEST_PORT (8450 and the ports after it) in
// CLUSTER_TEST_DIR (var/cluster-test, emptied first), and stops it at the end.
package faulttest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"

	"portico/cluster/portalclient"
)

// cluster is the running cluster: its script, ports and database.
type cluster struct {
	root, dir string
	env       []string // the script's environment (CLUSTER_PORT, CLUSTER_DIR)
	ports     map[string]string
	vars      map[string]string // the Portico processes' variables (cluster.sh env)
	db        *pgxpool.Pool
}

var c *cluster

func TestMain(m *testing.M) {
	code, err := runMain(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "faulttest:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func runMain(m *testing.M) (int, error) {
	root, err := filepath.Abs("../..")
	if err != nil {
		return 0, err
	}
	port := os.Getenv("CLUSTER_TEST_PORT")
	if port == "" {
		port = "8450"
	}
	dir := os.Getenv("CLUSTER_TEST_DIR")
	if dir == "" {
		dir = filepath.Join(root, "var", "cluster-test")
	}
	// a fresh cluster each time: the tests count what they made
	if err := os.RemoveAll(dir); err != nil {
		return 0, err
	}
	c = &cluster{root: root, dir: dir, env: append(os.Environ(), "CLUSTER_PORT="+port, "CLUSTER_DIR="+dir)}
	start := time.Now()
	if out, err := c.script("start", "-d"); err != nil {
		return 0, fmt.Errorf("starting the cluster: %v\n%s", err, out)
	}
	fmt.Printf("faulttest: cluster started in %s\n", time.Since(start).Round(time.Second))
	defer func() {
		if out, err := c.script("stop"); err != nil {
			fmt.Fprintf(os.Stderr, "faulttest: stopping the cluster: %v\n%s", err, out)
		}
	}()
	if c.ports, err = c.keyValues("ports"); err != nil {
		return 0, err
	}
	if c.vars, err = c.keyValues("env"); err != nil {
		return 0, err
	}
	// haproxy takes a server into the rotation after two good checks: until then
	// every request (and socket) goes to whichever API process was first up
	for deadline := time.Now().Add(90 * time.Second); !apisInRotation(); time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("haproxy never had both API processes up")
		}
	}
	c.db, err = pgxpool.New(context.Background(), c.vars["DATABASE_URL"]+"&application_name=faulttest")
	if err != nil {
		return 0, err
	}
	defer c.db.Close()
	return m.Run(), nil
}

// script runs scripts/cluster.sh with args.
func (c *cluster) script(args ...string) (string, error) {
	cmd := exec.Command(filepath.Join(c.root, "scripts", "cluster.sh"), args...)
	cmd.Env = c.env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (c *cluster) keyValues(arg string) (map[string]string, error) {
	out, err := c.script(arg)
	if err != nil {
		return nil, fmt.Errorf("cluster.sh %s: %v\n%s", arg, err, out)
	}
	kv := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			kv[k] = v
		}
	}
	return kv, nil
}

// url is http://127.0.0.1 on the named port.
func (c *cluster) url(name string) string { return "http://127.0.0.1:" + c.ports[name] }

// kill sends signal to the named process and keeps it down until up.
func (c *cluster) kill(t *testing.T, name, signal string) int {
	t.Helper()
	out, err := c.script("pid", name)
	require.NoError(t, err, out)
	pid, err := strconv.Atoi(strings.TrimSpace(out))
	require.NoError(t, err, "pid of %s: %q", name, out)
	out, err = c.script("kill", name, signal)
	require.NoError(t, err, out)
	t.Logf("%s (pid %d): SIG%s", name, pid, signal)
	return pid
}

// up starts the named process again and waits until ready answers 200.
func (c *cluster) up(t *testing.T, name, ready string) {
	t.Helper()
	out, err := c.script("up", name)
	require.NoError(t, err, out)
	eventually(t, 90*time.Second, name+" is back", func() bool { return httpOK(ready) })
}

// apisInRotation tells whether haproxy's statistics (CSV: proxy, server, …,
// status in the 18th field) have api1 and api2 of the portal's backend UP.
func apisInRotation() bool {
	res, err := (&http.Client{Timeout: 2 * time.Second}).Get(c.url("haproxy_stats") + "/;csv")
	if err != nil {
		return false
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	up := 0
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Split(line, ",")
		if len(f) > 17 && f[0] == "api" && (f[1] == "api1" || f[1] == "api2") && f[17] == "UP" {
			up++
		}
	}
	return up == 2
}

func httpOK(u string) bool {
	res, err := (&http.Client{Timeout: 2 * time.Second}).Get(u)
	if err != nil {
		return false
	}
	res.Body.Close()
	return res.StatusCode == http.StatusOK
}

// portOpen tells whether something listens on addr (host:port).
func portOpen(addr string) bool {
	conn, err := net.DialTimeout("tcp", addr, time.Second)
	if err == nil {
		conn.Close()
	}
	return err == nil
}

// eventually waits for cond, failing the test after d.
func eventually(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, d)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// session is a person signed in through the proxy.
type session struct{ *portalclient.Session }

// signIn signs email in as a browser does, through the portal's Google
// button, which the cluster points at the demo's OpenID provider.
func signIn(t *testing.T, email string) *session {
	t.Helper()
	s, err := portalclient.SignIn(context.Background(), c.url("portal"), email)
	require.NoError(t, err, "sign-in of %s", email)
	return &session{s}
}

// graphql posts one operation; an answer other than 200, or with errors
// (a *portalclient.Error), is an error.
func (s *session) graphql(ctx context.Context, query string, vars map[string]any, out any) error {
	return s.GraphQL(ctx, query, vars, out)
}

// mustGraphQL is graphql that fails the test.
func (s *session) mustGraphQL(t *testing.T, query string, vars map[string]any, out any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	require.NoError(t, s.graphql(ctx, query, vars, out))
}

// assertPostsStored checks a thread after posts with markers (message bodies
// starting with prefix): every post answered 200 (answered, activity ids) is
// in the database whole, its activity with its message; no message activity
// lacks its message; no post is stored twice.
func assertPostsStored(t *testing.T, thread, prefix string, answered []string) {
	t.Helper()
	ctx := context.Background()
	var stored, half, twice int
	require.NoError(t, c.db.QueryRow(ctx, `SELECT count(*) FROM activities a
		JOIN messages m ON m.company_id = a.company_id AND m.activity_id = a.id WHERE a.uuid = ANY($1::uuid[])`, answered).Scan(&stored))
	assert.Equal(t, len(answered), stored, "every post answered 200 is in the database")
	require.NoError(t, c.db.QueryRow(ctx, `SELECT count(*) FROM activities a JOIN threads t ON t.company_id = a.company_id AND t.id = a.thread_id
		LEFT JOIN messages m ON m.company_id = a.company_id AND m.activity_id = a.id
		WHERE t.uuid = $1 AND a.key = 'inbox_message.create' AND m.id IS NULL`, thread).Scan(&half))
	assert.Zero(t, half, "no message activity without its message")
	require.NoError(t, c.db.QueryRow(ctx, `SELECT count(*) FROM (SELECT body_text FROM messages
		WHERE body_text LIKE $1 || '%' GROUP BY body_text HAVING count(*) > 1) d`, prefix).Scan(&twice))
	assert.Zero(t, twice, "no post stored twice")
}

// s3 is a client of the cluster's versitygw, as the Portico processes reach it.
func (c *cluster) s3(t *testing.T) *minio.Client {
	t.Helper()
	cl, err := minio.New(c.vars["S3_ENDPOINT"], &minio.Options{
		Creds:  credentials.NewStaticV4(c.vars["S3_ACCESS_KEY"], c.vars["S3_SECRET_KEY"], ""),
		Secure: c.vars["S3_USE_SSL"] == "true", Region: c.vars["S3_REGION"]})
	require.NoError(t, err)
	return cl
}

// blobKeys lists the keys under prefix in the bucket.
func (c *cluster) blobKeys(t *testing.T, prefix string) []string {
	t.Helper()
	var keys []string
	for o := range c.s3(t).ListObjects(context.Background(), c.vars["S3_BUCKET"], minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		require.NoError(t, o.Err)
		keys = append(keys, o.Key)
	}
	return keys
}

// acmeFolder is Acme Oy's id and the id of one of its root folders.
func acmeFolder(t *testing.T) (company, folder string) {
	t.Helper()
	require.NoError(t, c.db.QueryRow(context.Background(), `SELECT co.uuid, f.uuid FROM folders f JOIN companies co ON co.id = f.company_id
		WHERE co.name = 'Acme Oy' AND f.parent_id IS NULL ORDER BY f.id LIMIT 1`).Scan(&company, &folder))
	return company, folder
}

// uploadFile uploads content as a shared file into folder (createFile) and
// returns its id.
func (s *session) uploadFile(ctx context.Context, folder, name string, content []byte) (string, error) {
	var out struct {
		Data struct {
			CreateFile struct {
				File   *struct{ UUID string }           `json:"file"`
				Errors []struct{ Code, Message string } `json:"errors"`
			} `json:"createFile"`
		} `json:"data"`
	}
	err := s.Upload(ctx, `mutation($content: Upload!, $folderId: ID!) { createFile(content: $content, folderId: $folderId) {
		file { uuid } errors { code message } } }`, map[string]any{"folderId": folder}, "content", name, bytes.NewReader(content), &out)
	if err != nil {
		return "", err
	}
	if f := out.Data.CreateFile.File; f != nil {
		return f.UUID, nil
	}
	return "", fmt.Errorf("createFile: %+v", out.Data.CreateFile.Errors)
}

// download fetches /api/download/<id> with the session: its status and body.
func (s *session) download(t *testing.T, id string) (int, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := s.Get(ctx, "/api/download/"+id)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, b
}

// processOf names the cluster process (of names) whose pid a Temporal worker
// identity (pid@host@...) carries.
func (c *cluster) processOf(t *testing.T, identity string, names ...string) string {
	t.Helper()
	for _, n := range names {
		out, err := c.script("pid", n)
		require.NoError(t, err, out)
		if pid := strings.TrimSpace(out); pid != "" && strings.HasPrefix(identity, pid+"@") {
			return n
		}
	}
	t.Fatalf("no process of %v has the identity %q", names, identity)
	return ""
}

// temporal is a client of the cluster's Temporal server.
func (c *cluster) temporal(t *testing.T) client.Client {
	t.Helper()
	tc, err := client.Dial(client.Options{HostPort: c.vars["TEMPORAL_ADDRESS"], Namespace: c.vars["TEMPORAL_NAMESPACE"]})
	require.NoError(t, err)
	t.Cleanup(tc.Close)
	return tc
}

// dailySchedule sets a company workflow's triggers to one daily schedule at
// due's time of day (UTC, no holiday moves) from due's day on, and returns
// the trigger's id once its next run is due.
func (s *session) dailySchedule(ctx context.Context, companyWorkflow string, due time.Time) (string, error) {
	var out struct {
		Data struct {
			ManageCompanyWorkflowTriggers struct {
				CompanyWorkflow *struct {
					WorkflowTriggers []struct {
						UUID      string
						NextRunAt *time.Time
					} `json:"workflowTriggers"`
				} `json:"companyWorkflow"`
				Errors []struct{ Code, Message string } `json:"errors"`
			} `json:"manageCompanyWorkflowTriggers"`
		} `json:"data"`
	}
	if err := s.graphql(ctx, `mutation($cw: ID!, $d: JSON) { manageCompanyWorkflowTriggers(companyWorkflowId: $cw,
		workflowTriggers: [{triggerType: "schedule", data: $d}]) { companyWorkflow { workflowTriggers { uuid nextRunAt } } errors { code message } } }`,
		map[string]any{"cw": companyWorkflow, "d": map[string]any{
			"recurrencePattern": map[string]any{"type": "daily", "timeOfDay": due.Format("15:04"), "timeZone": "UTC",
				"holidayHandling": "no_change", "dailyPattern": map[string]any{"type": "every_n_days", "interval": 1}},
			"scheduleEndCondition": map[string]any{"type": "no_end"}, "scheduleStartDate": due.Format("2006-01-02")}}, &out); err != nil {
		return "", err
	}
	cw := out.Data.ManageCompanyWorkflowTriggers.CompanyWorkflow
	if cw == nil || len(cw.WorkflowTriggers) != 1 || cw.WorkflowTriggers[0].NextRunAt == nil || !cw.WorkflowTriggers[0].NextRunAt.Equal(due) {
		return "", fmt.Errorf("the schedule of %s is not due at %s: %+v %+v", companyWorkflow, due, cw, out.Data.ManageCompanyWorkflowTriggers.Errors)
	}
	return cw.WorkflowTriggers[0].UUID, nil
}

// activityStarts are the recorded starts of a workflow's activities of the
// type named, from its history: for an activity that was retried, the
// attempt that ran last and the worker that ran it.
func activityStarts(t *testing.T, tc client.Client, workflowID string, match func(activity string) bool) []*historypb.ActivityTaskStartedEventAttributes {
	t.Helper()
	scheduled := map[int64]string{}
	var out []*historypb.ActivityTaskStartedEventAttributes
	it := tc.GetWorkflowHistory(context.Background(), workflowID, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		e, err := it.Next()
		require.NoError(t, err)
		if a := e.GetActivityTaskScheduledEventAttributes(); a != nil {
			scheduled[e.EventId] = a.ActivityType.GetName()
		}
		if a := e.GetActivityTaskStartedEventAttributes(); a != nil && match(scheduled[a.ScheduledEventId]) {
			out = append(out, a)
		}
	}
	return out
}
