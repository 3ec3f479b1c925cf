package access_test

import (
	"testing"

	"portico/engine/access"
)

// Compute runs once per company per request; the all-companies inbox view
// computes it for every company of the agent.
func BenchmarkCompute(b *testing.B) {
	for _, r := range []role{globalAdmin, agentAdmin, customerUser} {
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = access.Compute(r.actor, r.membership, categories)
			}
		})
	}
}

func BenchmarkCanOn(b *testing.B) {
	ab := agentUser.abilities()
	obj := access.Object{CategoryID: accounting, UserID: customerID}
	b.ReportAllocs()
	for b.Loop() {
		_ = ab.CanOn(access.ActionDestroy, access.SubjectAttachment, obj)
	}
}
