package api

import "testing"

func TestClassifyHost(t *testing.T) {
	cases := []struct {
		host, base string
		kind       HostKind
		sub        string
	}{
		{"localhost:8080", "localhost", HostSingle, ""},
		{"127.0.0.1:8080", "portico.example", HostSingle, ""},
		{"portico.example", "portico.example", HostRoot, ""},
		{"admin.portico.example", "portico.example", HostAdmin, ""},
		{"m.portico.example:443", "portico.example", HostMobile, ""},
		{"agent.portico.example", "portico.example", HostAgent, ""},
		{"auth.portico.example", "portico.example", HostRoot, ""}, // the authentication host, no company "auth"
		{"ACME.portico.example", "portico.example", HostCompany, "acme"},
		{"a.b.portico.example", "portico.example", HostRoot, ""},
		{"elsewhere.example", "portico.example", HostRoot, ""},
	}
	for _, tc := range cases {
		t.Run(tc.host, func(t *testing.T) {
			kind, sub := classifyHost(tc.host, tc.base)
			if kind != tc.kind || sub != tc.sub {
				t.Fatalf("classifyHost(%q, %q) = %s %q, want %s %q", tc.host, tc.base, kind, sub, tc.kind, tc.sub)
			}
		})
	}
}
