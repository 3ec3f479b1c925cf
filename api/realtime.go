package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"

	"portico/api/viewer"
	"portico/engine/org"
	"portico/realtime"
)

// The realtime WebSocket's limits.
const (
	// realtimeAuthWait is how long a new socket may take to send its token.
	realtimeAuthWait = 10 * time.Second
	// realtimePongWait is how long the server waits for any frame (pongs included) from a client.
	realtimePongWait = 60 * time.Second
	// realtimeBuffer is how many messages may wait for one slow client before it is dropped.
	realtimeBuffer    = 256
	realtimeReadLimit = 4096
)

// A socket's check, off the write path (variables for the tests' sake).
var (
	// realtimeCheckEvery is the period of a socket's check: a stalled write,
	// and every realtimePingChecks-th time a ping.
	realtimeCheckEvery = 9 * time.Second
	realtimePingChecks = 6 // a ping every 54 s, within realtimePongWait
	// realtimeWriteWait is how long a write may stall (a client that does not
	// read) before the check closes the socket; also the deadline of control frames.
	realtimeWriteWait = 10 * time.Second
)

// realtimeEpoch is where the sockets' write times count from, on the monotonic
// clock (a change of the wall clock must not look like a stalled write).
var realtimeEpoch = time.Now()

// Close reasons a client can get instead of its channel.
const (
	CloseInvalidToken     = "invalid_token"
	CloseTokenMismatch    = "token_does_not_match_session"
	CloseBadHandshake     = "token_message_expected"
	CloseRealtimeNotReady = "realtime_unavailable"
)

// RealtimeSubscribed is the key of the server's first message on a socket: the
// token was accepted and events for the user flow from now on.
const RealtimeSubscribed = "subscription.confirmed"

// RealtimeHub is what the socket needs of the realtime bus (a *realtime.Bus).
type RealtimeHub interface {
	Subscribe(user uuid.UUID, buffer int) *realtime.Subscription
	Ready() <-chan struct{}
}

// realtimeHandler serves /api/realtime: the client sends {"token": "<realtimeToken>"}
// first; the server answers with subscription.confirmed and then pushes
// {"channel", "key", "data"} messages of that user only. A wrong token, or one
// of another user than the signed-in one, gets a close frame naming the reason.
type realtimeHandler struct {
	directory  *org.Directory
	hub        RealtimeHub
	baseDomain string
	log        *slog.Logger
	upgrader   websocket.Upgrader
	metrics    *Metrics
}

// newRealtime builds the /api/realtime handler on a bus.
func (s *Server) newRealtime(hub RealtimeHub) http.Handler {
	h := &realtimeHandler{directory: s.directory, hub: hub, baseDomain: s.cfg.BaseDomain, log: s.log, metrics: s.metrics}
	h.upgrader = websocket.Upgrader{ReadBufferSize: 1024, WriteBufferSize: 4096, WriteBufferPool: &realtimeWriteBuffers,
		CheckOrigin: h.checkOrigin, HandshakeTimeout: realtimeAuthWait}
	return h
}

// realtimeWriteBuffers lends a socket a write buffer only while it encodes a
// message itself; the prepared frames every event goes out as need none, so
// an idle socket holds no 4 KiB buffer of its own (20 MB at 5,000 sockets).
var realtimeWriteBuffers sync.Pool

// checkOrigin admits the portal's own pages: the same host, or any host under
// the base domain (company, admin. and m. hosts). Clients that send no Origin
// are not browsers and cannot ride a victim's cookies; the token decides for them.
func (h *realtimeHandler) checkOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	host := strings.ToLower(u.Hostname())
	base := strings.ToLower(h.baseDomain)
	if base == "" || base == "localhost" || net.ParseIP(base) != nil {
		return false
	}
	return host == base || strings.HasSuffix(host, "."+base)
}

func (h *realtimeHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	session := viewer.From(r.Context())
	conn, err := h.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader has answered with an HTTP error
	}
	// The socket outlives the request's deadline middleware: serve it on its own.
	go h.serve(conn, session)
}

func (h *realtimeHandler) serve(conn *websocket.Conn, session *viewer.Viewer) {
	defer conn.Close()
	conn.SetReadLimit(realtimeReadLimit)
	_ = conn.SetReadDeadline(time.Now().Add(realtimeAuthWait))
	var hello struct {
		Token string `json:"token"`
	}
	if err := conn.ReadJSON(&hello); err != nil || hello.Token == "" {
		h.refuse(conn, websocket.ClosePolicyViolation, CloseBadHandshake)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), realtimeAuthWait)
	u, ok, err := h.directory.RealtimeUser(ctx, hello.Token)
	cancel()
	switch {
	case err != nil:
		h.log.Error("realtime: token", "err", err)
		h.refuse(conn, websocket.CloseTryAgainLater, CloseRealtimeNotReady)
		return
	case !ok:
		h.refuse(conn, websocket.ClosePolicyViolation, CloseInvalidToken)
		return
	case session != nil && session.User.ID != u.ID:
		h.refuse(conn, websocket.ClosePolicyViolation, CloseTokenMismatch)
		return
	}
	select {
	case <-h.hub.Ready():
	case <-time.After(realtimeAuthWait):
		h.refuse(conn, websocket.CloseTryAgainLater, CloseRealtimeNotReady)
		return
	}
	sub := h.hub.Subscribe(u.UUID, realtimeBuffer)
	defer sub.Close()
	h.metrics.realtimeOpened()
	defer h.metrics.realtimeClosed()

	// The reader notices a closed or silent client; pongs keep the deadline
	// moving. When it stops, so does the subscription, and with it the writer.
	_ = conn.SetReadDeadline(time.Now().Add(realtimePongWait))
	conn.SetPongHandler(func(string) error { return conn.SetReadDeadline(time.Now().Add(realtimePongWait)) })
	go func() {
		defer sub.Close()
		for {
			if _, _, err := conn.NextReader(); err != nil {
				return
			}
			_ = conn.SetReadDeadline(time.Now().Add(realtimePongWait))
		}
	}()

	// The writer's loop is a plain receive and a write of a frame prepared
	// once for all the sockets of the user: no deadline (a timer) set per
	// message and no select. The socket's check, off that path, closes it when
	// a write stalls and sends the pings.
	var writing atomic.Int64 // when the write under way started (ns since realtimeEpoch), 0 between writes
	write := func(m *realtime.Message) bool {
		writing.Store(int64(time.Since(realtimeEpoch)))
		err := conn.WritePreparedMessage(m.Frame())
		writing.Store(0)
		return err == nil
	}
	every, stall, pingChecks, checks := realtimeCheckEvery, realtimeWriteWait, realtimePingChecks, 0
	var check atomic.Pointer[time.Timer] // stored before its first run, a period away
	check.Store(time.AfterFunc(every, func() {
		if started := writing.Load(); started != 0 && time.Since(realtimeEpoch)-time.Duration(started) > stall {
			conn.Close() // the stalled write fails, and the writer returns
			return
		}
		if checks++; checks%pingChecks == 0 {
			if conn.WriteControl(websocket.PingMessage, nil, time.Now().Add(stall)) != nil {
				conn.Close()
				return
			}
		}
		check.Load().Reset(every)
	}))
	defer func() { check.Load().Stop() }()

	if !write(&realtime.Message{Channel: realtime.ChannelFor(u.UUID), Key: RealtimeSubscribed,
		Data: mustJSON(map[string]string{"uuid": u.UUID.String()})}) {
		return
	}
	for m := range sub.C() {
		if !write(m) {
			return
		}
		h.metrics.realtimeDelivered()
	}
	switch reason := sub.Reason(); reason {
	case realtime.CloseSlow:
		h.refuse(conn, websocket.ClosePolicyViolation, reason)
	case realtime.CloseShutdown:
		h.refuse(conn, websocket.CloseGoingAway, reason)
	}
	// CloseUnsubscribed: the reader ended, the client is gone
}

// refuse sends a close frame with a reason, and nothing else.
func (h *realtimeHandler) refuse(conn *websocket.Conn, code int, reason string) {
	h.metrics.realtimeRefused(reason)
	_ = conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason),
		time.Now().Add(realtimeWriteWait))
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
