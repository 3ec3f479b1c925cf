package config

import (
	"fmt"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is everything a Portico process can be told.
type Config struct {
	// DatabaseURL is PostgreSQL; empty under `portico dev` starts a private cluster.
	DatabaseURL string
	// TemporalAddress is host:port of Temporal's frontend; empty under `portico dev` starts the dev server.
	TemporalAddress   string
	TemporalNamespace string
	// TemporalUIURL is where operators watch runs; the runs view links there.
	TemporalUIURL string
	// TemporalDatabaseURL is the Temporal server's PostgreSQL database, for
	// `portico temporal-setup schema` only (the server has its own configuration).
	TemporalDatabaseURL string
	// TemporalSearchAttributes: runs and trigger processes set Portico's custom
	// search attributes, registered on the namespace beforehand (docs/deploying.md). `portico
	// dev` registers them on its dev server and turns this on.
	TemporalSearchAttributes bool
	TaskQueue                string

	Host string
	Port int
	// BaseDomain is the root host; company, admin. and m. hosts live under it.
	// On localhost (the default) everything is served on one host.
	BaseDomain string
	// PublicURL is the portal's address as browsers see it (links in e-mails, redirects).
	PublicURL string
	// AuthURL is the authentication host, where the companies' identity providers send
	// people back (/oidc/callback, /saml/consume, /saml/metadata): AUTH_URL, by default
	// https://auth.BASE_DOMAIN under a real domain (the scheme PUBLIC_URL's); on one host
	// empty, which is the host each request came to.
	AuthURL string

	// TrustedProxies are the proxies whose X-Forwarded-For is believed
	// (TRUSTED_PROXIES, addresses or CIDR ranges; default loopback): a request
	// from anywhere else is the client itself, whatever its headers say.
	TrustedProxies []netip.Prefix

	DevLogin      bool
	SecureCookies bool
	SessionTTL    time.Duration

	// MaxBodyBytes caps a JSON request body; MaxUploadBytes caps one uploaded file.
	MaxBodyBytes   int64
	MaxUploadBytes int64

	// ApplicationTokenSecret signs the tokens of external application frames
	// (APPLICATION_TOKEN_SECRET); ApplicationURL is their address template ({app}).
	ApplicationTokenSecret string
	ApplicationURL         string

	// MailDomain is the domain of the companies' inbound e-mail aliases (MAIL_DOMAIN,
	// default BASE_DOMAIN): a category's address is alias@MailDomain.
	MailDomain string
	// AnalyticsURL is the analytics application the Analytics page frames (ANALYTICS_URL);
	// it gets ?token= (signed as application frames are). Unset, the page says none is configured.
	AnalyticsURL string

	// TermsURL is where customers read the terms they accept (TERMS_URL); `{lang}` in it
	// becomes the reader's language. Unset, the terms gate shows the portal's own text.
	TermsURL string

	// Under `portico dev`: the ports of the Temporal dev server and its UI.
	DevTemporalPort   int
	DevTemporalUIPort int

	// DataDir holds the private PostgreSQL cluster, Temporal's SQLite file and local blobs.
	DataDir string
	// BlobDir is the local blob store; S3Endpoint switches to S3-compatible storage.
	BlobDir     string
	S3Endpoint  string
	S3Bucket    string
	S3AccessKey string
	S3SecretKey string
	S3Region    string
	S3UseSSL    bool

	// Google and Microsoft sign-in: a provider is offered when its client id is set.
	// The issuers are overridable so that tests and staging can point them elsewhere.
	GoogleClientID     string
	GoogleClientSecret string
	GoogleIssuer       string
	AzureClientID      string
	AzureClientSecret  string
	AzureIssuer        string

	// DevOIDCPort is where `portico dev` runs its local OpenID provider (0: none).
	DevOIDCPort int

	// SignInRatePerMinute caps sign-in requests per client address, and
	// GraphQLRatePerMinute GraphQL requests per session (0: no limit); each
	// also allows that many at once (the bucket's size).
	SignInRatePerMinute  int
	GraphQLRatePerMinute int
	// OpsAddr, when set, is where the process serves operators /healthz,
	// /readyz and /metrics (OPS_ADDR, e.g. 127.0.0.1:9100).
	OpsAddr string
	// LogFormat is json (default) or text.
	LogFormat string
	// Mail (issue 16). SMTPURL is the outbound server (smtp://, smtps://,
	// smtp+plain://); unset, no mail is sent (under `portico dev`: Mailpit).
	SMTPURL string
	// MailFrom is the sender; replies go to addresses at MailDomain.
	MailFrom string
	// MailGrace is how long an immediate mail waits, so that what a reader has
	// seen in the app meanwhile is not mailed; MailDigestPeriod is a digest's period.
	MailGrace        time.Duration
	MailDigestPeriod time.Duration
	// Under `portico dev`: Mailpit's SMTP and web UI ports (0: no Mailpit).
	DevMailpitSMTPPort int
	DevMailpitUIPort   int
	// Inbound mail. SMTPListenAddr is where the inbound SMTP listener takes
	// mail to the categories' aliases (SMTP_LISTEN_ADDR, e.g. :25; unset: off;
	// under `portico dev` 127.0.0.1:PORTICO_SMTP_PORT, default 2525).
	SMTPListenAddr string
	DevSMTPPort    int
	// SMTPMaxMessageBytes caps one inbound mail (SMTP_MAX_MESSAGE_BYTES, default 25 MB).
	SMTPMaxMessageBytes int64
	// MailReplySecret signs the threads' reply addresses (MAIL_REPLY_SECRET);
	// unset, mails carry none and replies thread by Message-ID only.
	MailReplySecret string
}

// FromEnv reads the configuration, with defaults for a developer's machine.
func FromEnv() (Config, error) {
	c := Config{
		DatabaseURL:        os.Getenv("DATABASE_URL"),
		TemporalAddress:    os.Getenv("TEMPORAL_ADDRESS"),
		TemporalNamespace:  env("TEMPORAL_NAMESPACE", "default"),
		TemporalUIURL:      env("TEMPORAL_UI_URL", "http://127.0.0.1:8233"),
		TaskQueue:          env("PORTICO_TASK_QUEUE", "portico"),
		Host:               env("HOST", "127.0.0.1"),
		BaseDomain:         env("BASE_DOMAIN", "localhost"),
		DataDir:            env("PORTICO_DATA_DIR", "var"),
		S3Endpoint:         os.Getenv("S3_ENDPOINT"),
		S3Bucket:           env("S3_BUCKET", "portico"),
		S3AccessKey:        os.Getenv("S3_ACCESS_KEY"),
		S3SecretKey:        os.Getenv("S3_SECRET_KEY"),
		S3Region:           env("S3_REGION", "us-east-1"),
		GoogleClientID:     os.Getenv("GOOGLE_CLIENT_ID"),
		GoogleClientSecret: os.Getenv("GOOGLE_CLIENT_SECRET"),
		AzureClientID:      os.Getenv("AZURE_CLIENT_ID"),
		AzureClientSecret:  os.Getenv("AZURE_CLIENT_SECRET"),
		GoogleIssuer:       env("GOOGLE_ISSUER", "https://accounts.google.com"),
		AzureIssuer:        env("AZURE_ISSUER", "https://login.microsoftonline.com/"+env("AZURE_TENANT", "organizations")+"/v2.0"),

		ApplicationTokenSecret: os.Getenv("APPLICATION_TOKEN_SECRET"),
		ApplicationURL:         os.Getenv("APPLICATION_URL"),
		TermsURL:               os.Getenv("TERMS_URL"),
		AnalyticsURL:           os.Getenv("ANALYTICS_URL"),
	}
	c.MailDomain = env("MAIL_DOMAIN", c.BaseDomain)
	var err error
	if c.Port, err = intEnv("PORT", 8080); err != nil {
		return c, err
	}
	if c.DevTemporalPort, err = intEnv("PORTICO_TEMPORAL_PORT", 7233); err != nil {
		return c, err
	}
	if c.DevTemporalUIPort, err = intEnv("PORTICO_TEMPORAL_UI_PORT", 8233); err != nil {
		return c, err
	}
	if c.DevOIDCPort, err = intEnv("PORTICO_OIDC_PORT", 8090); err != nil {
		return c, err
	}
	if c.SignInRatePerMinute, err = intEnv("SIGN_IN_RATE_PER_MINUTE", 30); err != nil {
		return c, err
	}
	if c.GraphQLRatePerMinute, err = intEnv("GRAPHQL_RATE_PER_MINUTE", 600); err != nil {
		return c, err
	}
	c.OpsAddr = os.Getenv("OPS_ADDR")
	c.TemporalDatabaseURL = os.Getenv("TEMPORAL_DATABASE_URL")
	c.LogFormat = env("LOG_FORMAT", "json")
	if c.TemporalSearchAttributes, err = boolEnv("TEMPORAL_SEARCH_ATTRIBUTES", false); err != nil {
		return c, err
	}
	if c.DevLogin, err = boolEnv("PORTICO_DEV_LOGIN", false); err != nil {
		return c, err
	}
	if c.SecureCookies, err = boolEnv("SECURE_COOKIES", false); err != nil {
		return c, err
	}
	if c.S3UseSSL, err = boolEnv("S3_USE_SSL", true); err != nil {
		return c, err
	}
	if c.TrustedProxies, err = prefixesEnv("TRUSTED_PROXIES", "127.0.0.0/8,::1/128"); err != nil {
		return c, err
	}
	if c.MaxBodyBytes, err = int64Env("MAX_BODY_BYTES", 1<<20); err != nil {
		return c, err
	}
	if c.MaxUploadBytes, err = int64Env("MAX_UPLOAD_BYTES", 100<<20); err != nil {
		return c, err
	}
	ttl, err := int64Env("SESSION_TTL_HOURS", 24*14)
	if err != nil {
		return c, err
	}
	c.SessionTTL = time.Duration(ttl) * time.Hour
	c.BlobDir = env("BLOB_DIR", c.DataDir+"/blobs")
	c.PublicURL = env("PUBLIC_URL", fmt.Sprintf("http://%s:%d", c.Host, c.Port))
	c.AuthURL = strings.TrimSuffix(env("AUTH_URL", defaultAuthURL(c.PublicURL, c.BaseDomain)), "/")
	c.SMTPURL = os.Getenv("SMTP_URL")
	c.MailFrom = env("MAIL_FROM", "Portico <no-reply@"+c.MailDomain+">")
	grace, err := intEnv("MAIL_GRACE_SECONDS", 120)
	if err != nil {
		return c, err
	}
	c.MailGrace = time.Duration(grace) * time.Second
	period, err := int64Env("MAIL_DIGEST_MINUTES", 60)
	if err != nil {
		return c, err
	}
	c.MailDigestPeriod = time.Duration(period) * time.Minute
	if c.DevMailpitSMTPPort, err = intEnv("PORTICO_MAILPIT_SMTP_PORT", 1025); err != nil {
		return c, err
	}
	if c.DevMailpitUIPort, err = intEnv("PORTICO_MAILPIT_UI_PORT", 8025); err != nil {
		return c, err
	}
	c.SMTPListenAddr = os.Getenv("SMTP_LISTEN_ADDR")
	c.MailReplySecret = os.Getenv("MAIL_REPLY_SECRET")
	if c.DevSMTPPort, err = intEnv("PORTICO_SMTP_PORT", 2525); err != nil {
		return c, err
	}
	if c.SMTPMaxMessageBytes, err = int64Env("SMTP_MAX_MESSAGE_BYTES", 25<<20); err != nil {
		return c, err
	}
	return c, nil
}

// Addr is the listen address.
func (c Config) Addr() string { return fmt.Sprintf("%s:%d", c.Host, c.Port) }

func env(key, def string) string {
	if v := strings.TrimSpace(os.Getenv(key)); v != "" {
		return v
	}
	return def
}

// prefixesEnv reads a comma-separated list of addresses and CIDR ranges.
func prefixesEnv(key, def string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(env(key, def), ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("%s: %q is not an address or CIDR range", key, f)
			}
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %q is not an address or CIDR range", key, f)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func intEnv(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("config: %s must be a non-negative number, got %q", key, v)
	}
	return n, nil
}

func int64Env(key string, def int64) (int64, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("config: %s must be a positive number, got %q", key, v)
	}
	return n, nil
}

func boolEnv(key string, def bool) (bool, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("config: %s must be true or false, got %q", key, v)
	}
	return b, nil
}

// defaultAuthURL: under a real domain its auth. host, with the portal's scheme;
// on one host (localhost, an address) none: every host is its own.
func defaultAuthURL(publicURL, base string) string {
	if base == "" || base == "localhost" {
		return ""
	}
	if _, err := netip.ParseAddr(base); err == nil {
		return ""
	}
	scheme := "https"
	if strings.HasPrefix(publicURL, "http://") {
		scheme = "http"
	}
	return scheme + "://auth." + base
}
