package api

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientAddressBelievesOnlyTrustedProxies(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("10.0.0.0/8")}
	var seen string
	h := clientAddress(trusted)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		seen = clientIP(r).String()
	}))
	for _, c := range []struct{ name, peer, xff, want string }{
		{"the proxy's own hop is the client", "127.0.0.1:5000", "203.0.113.7", "203.0.113.7"},
		{"a value the client wrote itself is skipped", "127.0.0.1:5000", "6.6.6.6, 203.0.113.7", "203.0.113.7"},
		{"trusted hops are walked past", "127.0.0.1:5000", "6.6.6.6, 203.0.113.7, 10.1.2.3", "203.0.113.7"},
		{"an untrusted peer is the client whatever it says", "198.51.100.2:5000", "6.6.6.6", "198.51.100.2"},
		{"no header: the peer", "127.0.0.1:5000", "", "127.0.0.1"},
		{"only trusted hops: the peer", "127.0.0.1:5000", "10.9.9.9", "127.0.0.1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = c.peer
			if c.xff != "" {
				r.Header.Set("X-Forwarded-For", c.xff)
			}
			h.ServeHTTP(httptest.NewRecorder(), r)
			if seen != c.want {
				t.Fatalf("client = %s, want %s", seen, c.want)
			}
		})
	}
}
