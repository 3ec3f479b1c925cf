package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"portico/config"
	"portico/engine/audit"
)

// errAuditBroken makes `portico audit verify` exit non-zero.
var errAuditBroken = errors.New("the events log's hash chain is broken")

// runAudit is `portico audit verify`: it recomputes every chain of the events
// log (one per company, and one for entries without a company) and prints each
// chain's length and head hash, then the first broken link of each broken chain.
func runAudit(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	if len(args) != 1 || args[0] != "verify" {
		return errors.New("usage: portico audit verify")
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	rep, err := audit.Verify(ctx, st)
	if err != nil {
		return err
	}
	for _, c := range rep.Chains {
		fmt.Fprintf(out, "chain %d: %d entries, head %s\n", c.Key, c.Length, c.Head)
	}
	for _, b := range rep.Breaks {
		fmt.Fprintln(out, "BROKEN", b.String())
	}
	if !rep.OK() {
		return errAuditBroken
	}
	fmt.Fprintf(out, "ok: %d chains, %d entries\n", len(rep.Chains), rep.Entries)
	return nil
}
