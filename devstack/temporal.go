package devstack

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/testsuite"
)

// TemporalOptions configure a Temporal CLI dev server.
type TemporalOptions struct {
	// Binary is the temporal CLI; by default bin/temporal under the repository, then PATH.
	Binary string
	// HostPort to bind, e.g. 127.0.0.1:7233; empty picks a free port.
	HostPort string
	// UIPort enables the web UI on that port when set.
	UIPort string
	// DBFile keeps the server's state between runs; empty keeps it in memory.
	DBFile string
	// SearchAttributes registers custom search attributes, name to type as
	// the CLI's --search-attribute takes them (Keyword, Text, Int, ...); the
	// caller passes Portico's own (contract.SearchAttributeTypes) when runs
	// will set them.
	SearchAttributes map[string]string
	Output           io.Writer
}

// TemporalServer is a running dev server.
type TemporalServer struct {
	server *testsuite.DevServer
}

// StartTemporal starts the Temporal CLI dev server and waits until it is healthy.
func StartTemporal(ctx context.Context, opts TemporalOptions) (*TemporalServer, error) {
	bin, err := TemporalBinary(opts.Binary)
	if err != nil {
		return nil, err
	}
	out := opts.Output
	if out == nil {
		out = io.Discard
	}
	var extra []string
	for _, name := range slices.Sorted(maps.Keys(opts.SearchAttributes)) {
		extra = append(extra, "--search-attribute", name+"="+opts.SearchAttributes[name])
	}
	dso := testsuite.DevServerOptions{
		ExtraArgs:    extra,
		ExistingPath: bin,
		DBFilename:   opts.DBFile,
		EnableUI:     opts.UIPort != "",
		UIPort:       opts.UIPort,
		LogLevel:     "error",
		Stdout:       out,
		Stderr:       out,
		ClientOptions: &client.Options{HostPort: opts.HostPort, Namespace: "default",
			Logger: silentLogger{}},
	}
	if opts.DBFile != "" {
		if err := os.MkdirAll(filepath.Dir(opts.DBFile), 0o755); err != nil {
			return nil, err
		}
	}
	s, err := testsuite.StartDevServer(ctx, dso)
	if err != nil {
		return nil, fmt.Errorf("devstack: temporal dev server: %w", err)
	}
	return &TemporalServer{server: s}, nil
}

// HostPort is the frontend address clients dial.
func (t *TemporalServer) HostPort() string { return t.server.FrontendHostPort() }

// Stop stops the server.
func (t *TemporalServer) Stop() error { return t.server.Stop() }

// TemporalBinary finds the Temporal CLI: the given path, bin/temporal in the
// repository (where `make` installs the pinned version), then PATH.
func TemporalBinary(given string) (string, error) {
	if given != "" {
		return given, nil
	}
	if root, err := RepoRoot(); err == nil {
		p := filepath.Join(root, "bin", "temporal")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	if p, err := exec.LookPath("temporal"); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("devstack: temporal CLI not found: run `make bin/temporal` or set TEMPORAL_ADDRESS")
}

// RepoRoot walks up from the working directory to the folder holding go.mod.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("devstack: go.mod not found above the working directory")
		}
		dir = parent
	}
}

type silentLogger struct{}

func (silentLogger) Debug(string, ...interface{}) {}
func (silentLogger) Info(string, ...interface{})  {}
func (silentLogger) Warn(string, ...interface{})  {}
func (silentLogger) Error(string, ...interface{}) {}
