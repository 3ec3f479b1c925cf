package viewer

import (
	"context"
	"net/netip"

	"portico/engine/org"
)

// Viewer is who makes the request, and through which kind of host.
type Viewer struct {
	User org.User
	// AdminPanel: the request came through the admin panel (admin. host, or a
	// global admin on a single-host setup such as localhost).
	AdminPanel bool
	IP         netip.Addr
}

type key struct{}

// With returns ctx carrying v.
func With(ctx context.Context, v *Viewer) context.Context { return context.WithValue(ctx, key{}, v) }

// From returns the request's viewer, or nil when nobody is signed in.
func From(ctx context.Context) *Viewer {
	v, _ := ctx.Value(key{}).(*Viewer)
	return v
}

// IPPtr is the viewer's address for the events log, or nil when unknown.
func (v *Viewer) IPPtr() *netip.Addr {
	if v == nil || !v.IP.IsValid() {
		return nil
	}
	ip := v.IP
	return &ip
}

// Request is the viewer as the engine's services take it.
func (v *Viewer) Request() org.Request {
	return org.Request{User: v.User, AdminPanel: v.AdminPanel, IP: v.IPPtr()}
}
