package devstack

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
)

// Postgres is a private PostgreSQL cluster kept in a directory between runs.
type Postgres struct {
	Dir  string // holds data/, sock/ and postgres.log
	Port int
	bin  string
	// asUser runs the server binaries as this user: initdb refuses to run as root.
	asUser string
}

// NewPostgres describes a private cluster in dir listening on a unix socket with the given port number.
func NewPostgres(dir string, port int) (*Postgres, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	bin, err := postgresBinDir()
	if err != nil {
		return nil, err
	}
	p := &Postgres{Dir: abs, Port: port, bin: bin}
	if os.Geteuid() == 0 {
		p.asUser = "postgres"
	}
	return p, nil
}

func postgresBinDir() (string, error) {
	if path, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(path); err == nil {
			return filepath.Dir(real), nil
		}
		return filepath.Dir(path), nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	if len(matches) == 0 {
		return "", errors.New("devstack: pg_ctl not found: install Debian's postgresql package or set DATABASE_URL")
	}
	sort.Strings(matches)
	return filepath.Dir(matches[len(matches)-1]), nil
}

func (p *Postgres) dataDir() string { return filepath.Join(p.Dir, "data") }

// SocketDir is where the server's unix socket lives.
func (p *Postgres) SocketDir() string { return filepath.Join(p.Dir, "sock") }

// DSN returns the connection string for database db.
func (p *Postgres) DSN(db string) string {
	return fmt.Sprintf("postgres://postgres@/%s?host=%s&port=%d&sslmode=disable", db, p.SocketDir(), p.Port)
}

// Start initialises the cluster if needed and starts it unless it already runs.
// It is safe to call from several processes at once: a file lock serialises them.
func (p *Postgres) Start(ctx context.Context) error {
	if err := os.MkdirAll(p.Dir, 0o755); err != nil {
		return err
	}
	unlock, err := lockFile(filepath.Join(p.Dir, "start.lock"))
	if err != nil {
		return err
	}
	defer unlock()

	for _, d := range []string{p.dataDir(), p.SocketDir()} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
		if err := p.chown(d); err != nil {
			return err
		}
	}
	if _, err := os.Stat(filepath.Join(p.dataDir(), "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		if out, err := p.run(ctx, "initdb", "-D", p.dataDir(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"); err != nil {
			return fmt.Errorf("devstack: initdb: %w: %s", err, out)
		}
	}
	if p.running(ctx) {
		return nil
	}
	logFile := filepath.Join(p.Dir, "postgres.log")
	if err := touch(logFile); err != nil {
		return err
	}
	if err := p.chown(logFile); err != nil {
		return err
	}
	opts := fmt.Sprintf("-k %s -p %d -c listen_addresses='' -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off",
		p.SocketDir(), p.Port)
	if out, err := p.run(ctx, "pg_ctl", "-D", p.dataDir(), "-l", logFile, "-o", opts, "-w", "-t", "60", "start"); err != nil {
		return fmt.Errorf("devstack: pg_ctl start: %w: %s (see %s)", err, out, logFile)
	}
	return nil
}

// Stop stops the cluster; its data stays for the next start.
func (p *Postgres) Stop(ctx context.Context) error {
	if !p.running(ctx) {
		return nil
	}
	if out, err := p.run(ctx, "pg_ctl", "-D", p.dataDir(), "-m", "fast", "-w", "stop"); err != nil {
		return fmt.Errorf("devstack: pg_ctl stop: %w: %s", err, out)
	}
	return nil
}

func (p *Postgres) running(ctx context.Context) bool {
	_, err := p.run(ctx, "pg_ctl", "-D", p.dataDir(), "status")
	return err == nil
}

func (p *Postgres) run(ctx context.Context, name string, args ...string) (string, error) {
	bin := filepath.Join(p.bin, name)
	var cmd *exec.Cmd
	if p.asUser != "" {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", p.asUser, "--", bin}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, bin, args...)
	}
	// pg_ctl's server must outlive a Ctrl-C sent to our process group: we stop it ourselves.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

func (p *Postgres) chown(path string) error {
	if p.asUser == "" {
		return nil
	}
	u, err := user.Lookup(p.asUser)
	if err != nil {
		return fmt.Errorf("devstack: running as root needs a %q user: %w", p.asUser, err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return os.Chown(path, uid, gid)
}

func touch(path string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

// lockFile takes an exclusive advisory lock on path, blocking until it is free.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
