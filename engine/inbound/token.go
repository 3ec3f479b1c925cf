package inbound

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"

	"github.com/google/uuid"
)

// Tokens sign a thread's reply address: r-<thread>-<signature>@<mail domain>.
// A mail to it (or naming a Message-ID that carries it) is a reply to that
// thread; a token whose signature does not match is forged and refused.
// Without a secret there are no tokens (replies thread by Message-ID only).
type Tokens struct {
	secret []byte
	domain string
}

// NewTokens builds the signer; secret is MAIL_REPLY_SECRET, domain MAIL_DOMAIN.
func NewTokens(secret []byte, domain string) Tokens {
	return Tokens{secret: secret, domain: strings.ToLower(strings.TrimSpace(domain))}
}

// tokenPattern finds a token in an address's local part or a Message-ID. An
// alias is only letters, underscore and plus, so a token is never an alias.
var tokenPattern = regexp.MustCompile(`(?i)\br-([0-9a-f]{32})-([0-9a-f]{20})\b`)

func (t Tokens) sign(thread uuid.UUID) string {
	mac := hmac.New(sha256.New, t.secret)
	mac.Write([]byte("portico-reply:"))
	mac.Write(thread[:])
	return hex.EncodeToString(mac.Sum(nil)[:10])
}

// Token is the thread's reply token ("" without a secret).
func (t Tokens) Token(thread uuid.UUID) string {
	if len(t.secret) == 0 {
		return ""
	}
	return "r-" + hex.EncodeToString(thread[:]) + "-" + t.sign(thread)
}

// ReplyAddress is the thread's reply address ("" without a secret).
func (t Tokens) ReplyAddress(thread uuid.UUID) string {
	tok := t.Token(thread)
	if tok == "" || t.domain == "" {
		return ""
	}
	return tok + "@" + t.domain
}

// Find reads a token out of s: found tells that s carries one at all, ok that
// it is genuine (a found token that is not ok is forged).
func (t Tokens) Find(s string) (thread uuid.UUID, found, ok bool) {
	m := tokenPattern.FindStringSubmatch(s)
	if m == nil {
		return uuid.Nil, false, false
	}
	raw, err := hex.DecodeString(strings.ToLower(m[1]))
	if err != nil {
		return uuid.Nil, true, false
	}
	copy(thread[:], raw)
	if len(t.secret) == 0 || !hmac.Equal([]byte(t.sign(thread)), []byte(strings.ToLower(m[2]))) {
		return uuid.Nil, true, false
	}
	return thread, true, true
}
