package api

import (
	"net"
	"net/http"
	"net/netip"

	"github.com/realclientip/realclientip-go"
)

// clientAddress replaces chi's RealIP, which takes the first X-Forwarded-For
// value: a client can write that one itself and pick its own rate-limit key.
// Here the header counts only when the request comes from a trusted proxy
// (TRUSTED_PROXIES), and then the client is the rightmost address that is not
// a trusted proxy: the one the last trusted hop saw.
func clientAddress(trusted []netip.Prefix) func(http.Handler) http.Handler {
	nets := make([]net.IPNet, 0, len(trusted))
	for _, p := range trusted {
		nets = append(nets, net.IPNet{IP: p.Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())})
	}
	forwarded := realclientip.Must(realclientip.NewRightmostTrustedRangeStrategy("X-Forwarded-For", nets))
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if peer := clientIP(r); peer != nil && fromTrusted(*peer, trusted) {
				if ip := forwarded.ClientIP(r.Header, r.RemoteAddr); ip != "" {
					r.RemoteAddr = ip
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

func fromTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
