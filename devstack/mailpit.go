package devstack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// MailpitOptions configure the mail catcher `portico dev` runs.
type MailpitOptions struct {
	// Binary is bin/mailpit (built by make); empty looks in the repository's bin/.
	Binary string
	// SMTPPort and UIPort are its ports on 127.0.0.1.
	SMTPPort, UIPort int
	// Database keeps the caught mail between runs.
	Database string
	Output   io.Writer
}

// Mailpit is a running Mailpit.
type Mailpit struct {
	cmd      *exec.Cmd
	SMTPAddr string
	UIURL    string
}

// ErrNoMailpit is StartMailpit's answer when bin/mailpit is not built.
var ErrNoMailpit = errors.New("devstack: bin/mailpit is missing (make deps builds it)")

// StartMailpit runs Mailpit and waits until its SMTP port answers.
func StartMailpit(ctx context.Context, o MailpitOptions) (*Mailpit, error) {
	bin := o.Binary
	if bin == "" {
		root, err := RepoRoot()
		if err != nil {
			return nil, err
		}
		bin = filepath.Join(root, "bin", "mailpit")
	}
	if _, err := os.Stat(bin); err != nil {
		return nil, ErrNoMailpit
	}
	smtpAddr := "127.0.0.1:" + strconv.Itoa(o.SMTPPort)
	uiAddr := "127.0.0.1:" + strconv.Itoa(o.UIPort)
	args := []string{"--smtp", smtpAddr, "--listen", uiAddr, "--smtp-auth-accept-any", "--smtp-auth-allow-insecure", "--quiet"}
	if o.Database != "" {
		args = append(args, "--database", o.Database)
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = o.Output, o.Output
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	m := &Mailpit{cmd: cmd, SMTPAddr: smtpAddr, UIURL: "http://" + uiAddr}
	deadline := time.Now().Add(30 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", smtpAddr, time.Second)
		if err == nil {
			_ = conn.Close()
			return m, nil
		}
		if time.Now().After(deadline) {
			_ = m.Stop()
			return nil, fmt.Errorf("devstack: Mailpit did not open %s: %w", smtpAddr, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Stop ends Mailpit.
func (m *Mailpit) Stop() error {
	if m.cmd.Process == nil {
		return nil
	}
	_ = m.cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- m.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = m.cmd.Process.Kill()
		<-done
	}
	return nil
}
