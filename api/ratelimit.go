package api

import (
	"crypto/sha256"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// rateLimiter is a token bucket per key, in this process's memory: perMinute
// tokens a minute, at most perMinute at once. With several API processes
// behind a balancer a client may get up to that many times the rate (docs/operations.md,
// Limits).
type rateLimiter struct {
	name      string
	perMinute float64
	now       func() time.Time
	mu        sync.Mutex
	buckets   map[string]*bucket
	swept     time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newRateLimiter(name string, perMinute int) *rateLimiter {
	if perMinute <= 0 {
		return nil
	}
	return &rateLimiter{name: name, perMinute: float64(perMinute), now: time.Now, buckets: map[string]*bucket{}}
}

// take spends one token of key's bucket; when it is empty it answers how long
// until the next token.
func (l *rateLimiter) take(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	rate := l.perMinute / 60 // tokens a second
	if now.Sub(l.swept) > time.Minute {
		// a bucket that has filled up again is the same as none
		for k, b := range l.buckets {
			if b.tokens+now.Sub(b.at).Seconds()*rate >= l.perMinute {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: l.perMinute, at: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(l.perMinute, b.tokens+now.Sub(b.at).Seconds()*rate)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / rate * float64(time.Second))
}

// limit refuses a request whose key's bucket is empty with 429 and
// Retry-After (whole seconds, at least 1); key "" is not limited.
func (l *rateLimiter) limit(m *Metrics, key func(*http.Request) string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if l == nil {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			k := key(r)
			if k == "" {
				next.ServeHTTP(w, r)
				return
			}
			if ok, wait := l.take(k); !ok {
				m.limited(l.name)
				w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(math.Max(wait.Seconds(), 1)))))
				writeError(w, http.StatusTooManyRequests, "TOO_MANY_REQUESTS", "rate_limited")
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// signInKey limits sign-in per client address (after clientAddress: what a
// trusted proxy saw). Dev login, which exists only for development, is not limited.
func signInKey(r *http.Request) string {
	if r.URL.Path == "/auth/dev" {
		return ""
	}
	if ip := clientIP(r); ip != nil {
		return ip.String()
	}
	return r.RemoteAddr
}

// sessionKey limits per session: a digest of the session cookie, so the map
// holds no usable token.
func sessionKey(r *http.Request) string {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(c.Value))
	return string(sum[:16])
}
