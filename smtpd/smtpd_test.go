package smtpd_test

import (
	"context"
	"errors"
	"fmt"
	"net/smtp"
	"net/textproto"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/blob"
	"portico/engine/inbound"
	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/mail/mailtest"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	"portico/smtpd"
)

const domain = "mail.portico.test"

type fixture struct {
	st     *store.Store
	seed   demo.Seeded
	addr   string
	tokens inbound.Tokens
	inbox  *inbox.Service
}

// setup runs the real listener on a free port over a fresh database with the
// demo: Acme Oy's Payroll takes mail at payroll@mail.portico.test from the
// accepted domain acme.test; Borealis AB's Payroll has an alias, switched off.
func setup(t *testing.T) fixture {
	t.Helper()
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	acme, borealis := seed.Companies["Acme Oy"].ID, seed.Companies["Borealis AB"].ID
	payroll := seed.Categories["Payroll"].ID
	_, err = st.Pool.Exec(ctx, `UPDATE company_categories SET email_enabled = true, email_alias = 'payroll'
		WHERE company_id = $1 AND category_id = $2`, acme, payroll)
	require.NoError(t, err)
	_, err = st.Pool.Exec(ctx, `UPDATE company_categories SET email_enabled = false, email_alias = 'borealis_payroll'
		WHERE company_id = $1 AND category_id = $2`, borealis, payroll)
	require.NoError(t, err)
	_, err = st.Pool.Exec(ctx, `INSERT INTO company_accepted_domains (company_id, domain) VALUES ($1, 'acme.test')
		ON CONFLICT DO NOTHING`, acme)
	require.NoError(t, err)
	blobs, err := blob.NewLocal(t.TempDir())
	require.NoError(t, err)
	dir := org.NewDirectory(st)
	in := inbox.New(st, dir, inbox.Options{Blobs: blobs, MaxUploadBytes: 64 << 10})
	tokens := inbound.NewTokens([]byte("test secret"), domain)
	svc := inbound.New(st, org.NewMailSettings(dir, domain), in, tokens,
		inbound.Config{Domain: domain, MaxMessageBytes: 512 << 10, MaxUploadBytes: 64 << 10}, nil)
	srv := smtpd.New("127.0.0.1:0", domain, svc, nil)
	l, err := srv.Listen()
	require.NoError(t, err)
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(sctx, l) }()
	t.Cleanup(func() { cancel(); require.NoError(t, <-done) })
	return fixture{st: st, seed: seed, addr: l.Addr().String(), tokens: tokens, inbox: in}
}

// send delivers raw through net/smtp and answers the server's refusal, if any.
func (f fixture) send(t *testing.T, from, to, raw string) error {
	t.Helper()
	return smtp.SendMail(f.addr, nil, from, []string{to}, []byte(strings.ReplaceAll(raw, "\n", "\r\n")))
}

func code(t *testing.T, err error) int {
	t.Helper()
	var te *textproto.Error
	require.True(t, errors.As(err, &te), "an SMTP refusal, got %v", err)
	return te.Code
}

// counts is what inbound mail may have written.
type counts struct{ threads, messages, attachments, users, mails int }

func (f fixture) counts(t *testing.T) counts {
	t.Helper()
	var c counts
	require.NoError(t, f.st.Pool.QueryRow(context.Background(), `SELECT
		(SELECT count(*) FROM threads), (SELECT count(*) FROM messages), (SELECT count(*) FROM attachments),
		(SELECT count(*) FROM users), (SELECT count(*) FROM inbound_mails)`).
		Scan(&c.threads, &c.messages, &c.attachments, &c.users, &c.mails))
	return c
}

func (f fixture) refusals(t *testing.T) []string {
	t.Helper()
	rows, err := f.st.Pool.Query(context.Background(),
		`SELECT event_name || ':' || coalesce(data->>'reason', '') FROM events_log WHERE event_category = 'InboundEmail' ORDER BY id`)
	require.NoError(t, err)
	var out []string
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		out = append(out, s)
	}
	require.NoError(t, rows.Err())
	return out
}

type thread struct {
	id          uuid.UUID
	title       string
	description string
	author      string
	authorType  string
	category    int64
}

func (f fixture) threadByMail(t *testing.T, messageID string) thread {
	t.Helper()
	var th thread
	require.NoError(t, f.st.Pool.QueryRow(context.Background(), `SELECT t.uuid, t.title, coalesce(t.description, ''),
		u.email, u.user_type, t.category_id
		FROM inbound_mails m JOIN threads t ON t.company_id = m.company_id AND t.id = m.thread_id
		JOIN users u ON u.id = t.author_id WHERE m.message_id = $1`, messageID).
		Scan(&th.id, &th.title, &th.description, &th.author, &th.authorType, &th.category))
	return th
}

const withAttachment = `From: Anna Acme <anna@acme.test>
To: payroll@mail.portico.test
Subject: Salary slip missing
Message-ID: <first@acme.test>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b1"

--b1
Content-Type: multipart/alternative; boundary="b2"

--b2
Content-Type: text/plain; charset=utf-8

My November slip is missing.
--b2
Content-Type: text/html; charset=utf-8

<p onclick="steal()">My <strong>November</strong> slip is missing.<script>alert(1)</script></p>
--b2--
--b1
Content-Type: application/pdf
Content-Disposition: attachment; filename="slip.pdf"
Content-Transfer-Encoding: base64

JVBERi0xLjQKJSBwb3J0aWNvIHRlc3QK
--b1--
`

func TestInboundThreadWithAttachmentAndReplies(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	require.NoError(t, f.send(t, "anna@acme.test", "payroll@mail.portico.test", withAttachment))

	th := f.threadByMail(t, "first@acme.test")
	require.Equal(t, "Salary slip missing", th.title)
	require.Equal(t, "anna@acme.test", th.author, "a known user is the author")
	require.Equal(t, "customer", th.authorType)
	require.Equal(t, f.seed.Categories["Payroll"].ID, th.category)
	require.Contains(t, th.description, "<strong>November</strong>")
	require.NotContains(t, th.description, "script")
	require.NotContains(t, th.description, "onclick")
	var name, ct string
	var size int64
	require.NoError(t, f.st.Pool.QueryRow(ctx, `SELECT a.filename, a.content_type, a.file_size FROM attachments a
		JOIN threads t ON t.company_id = a.company_id AND t.id = a.thread_id WHERE t.uuid = $1`, th.id).Scan(&name, &ct, &size))
	require.Equal(t, "slip.pdf", name)
	require.Equal(t, "application/pdf", ct)
	require.Equal(t, int64(len("%PDF-1.4\n% portico test\n")), size)

	// the same mail delivered again makes no second thread
	before := f.counts(t)
	require.NoError(t, f.send(t, "anna@acme.test", "payroll@mail.portico.test", withAttachment))
	require.Equal(t, before, f.counts(t))

	// a reply by In-Reply-To from an unknown sender of the accepted domain: an external author
	reply := `From: Mia Newcomer <mia@acme.test>
To: payroll@mail.portico.test
Subject: Re: Salary slip missing
Message-ID: <second@acme.test>
In-Reply-To: <first@acme.test>
References: <first@acme.test>
Content-Type: text/plain; charset=utf-8

Mine too.
`
	require.NoError(t, f.send(t, "mia@acme.test", "payroll@mail.portico.test", reply))
	require.Equal(t, th.id, f.threadByMail(t, "second@acme.test").id, "the reply is in the same thread")
	var body, author, authorType string
	require.NoError(t, f.st.Pool.QueryRow(ctx, `SELECT m.body, u.email, u.user_type FROM messages m
		JOIN users u ON u.id = m.user_id JOIN threads t ON t.company_id = m.company_id AND t.id = m.thread_id
		WHERE t.uuid = $1 ORDER BY m.id DESC LIMIT 1`, th.id).Scan(&body, &author, &authorType))
	require.Equal(t, "<p>Mine too.</p>", body)
	require.Equal(t, "mia@acme.test", author)
	require.Equal(t, "external", authorType, "an unknown sender is an external user")

	// an agent answers a notification: to the thread's reply address, from outside the accepted senders
	token := f.tokens.ReplyAddress(th.id)
	require.NotEmpty(t, token)
	agentReply := fmt.Sprintf(`From: Alex Agent <agent@portico.test>
To: %s
Subject: Re: Salary slip missing
Message-ID: <third@portico.test>
Content-Type: text/plain

Sent again today.
`, token)
	require.NoError(t, f.send(t, "agent@portico.test", token, agentReply))
	require.Equal(t, th.id, f.threadByMail(t, "third@portico.test").id)

	// a reply naming an outbound notification's Message-ID (which carries the token)
	notified := fmt.Sprintf(`From: carl@acme.test
To: payroll@mail.portico.test
Subject: Re: New thread
Message-ID: <fourth@acme.test>
In-Reply-To: <event-1-2-user-3.%s@mail.portico.test>
Content-Type: text/plain

Thanks.
`, f.tokens.Token(th.id))
	require.NoError(t, f.send(t, "carl@acme.test", "payroll@mail.portico.test", notified))
	require.Equal(t, th.id, f.threadByMail(t, "fourth@acme.test").id)
	require.Empty(t, f.refusals(t))
}

// The outbound mail about a thread answers to the thread's reply address.
func TestOutboundReplyToCarriesToken(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	catcher := mailtest.Start(t)
	sender, err := mail.NewSMTPSender(catcher.URL(), "Portico <no-reply@"+domain+">")
	require.NoError(t, err)
	outbox := mail.NewOutbox(f.st, sender, mail.OutboxConfig{PublicURL: "http://portal.test", MessageDomain: domain,
		ReplyToken: f.tokens.Token})
	agent := f.seed.Users["agent@portico.test"]
	task, err := f.inbox.CreateTask(ctx, org.Request{User: f.seed.Users["anna@acme.test"]}, inbox.CreateTaskParams{
		CompanyID: f.seed.Companies["Acme Oy"].UUID, CategoryID: f.seed.Categories["Payroll"].ID, Title: "Reply to me"})
	require.NoError(t, err)
	q, err := outbox.FanOut(ctx, mail.ThreadEvent{Kind: mail.EventThreadCreated, ThreadUUID: task.UUID, Readers: []uuid.UUID{agent.UUID}})
	require.NoError(t, err)
	_, err = outbox.SendImmediate(ctx, q.CompanyID, q.EventID)
	require.NoError(t, err)
	got := catcher.Wait(1, 30e9)
	require.Len(t, got, 1)
	require.Equal(t, f.tokens.ReplyAddress(task.UUID), strings.Trim(got[0].Head.Get("Reply-To"), "<>"))
	require.Contains(t, got[0].Head.Get("Message-Id"), f.tokens.Token(task.UUID))
}

func TestInboundRefusals(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	plain := func(from, to, messageID, extra, body string) string {
		return fmt.Sprintf("From: %s\nTo: %s\nSubject: Hello\nMessage-ID: <%s>\n%sContent-Type: text/plain\n\n%s\n",
			from, to, messageID, extra, body)
	}
	before := f.counts(t)

	// unknown and disabled aliases, another domain: refused at RCPT
	for _, to := range []string{"nobody@mail.portico.test", "borealis_payroll@mail.portico.test", "payroll@elsewhere.test"} {
		err := f.send(t, "anna@acme.test", to, plain("anna@acme.test", to, "a@x", "", "hi"))
		require.Equal(t, 550, code(t, err), to)
	}
	// a forged reply token: refused at RCPT, and in the References too
	forged := "r-" + strings.Repeat("ab", 16) + "-" + strings.Repeat("0", 20) + "@" + domain
	require.Equal(t, 550, code(t, f.send(t, "anna@acme.test", forged, plain("anna@acme.test", forged, "b@x", "", "hi"))))
	err := f.send(t, "anna@acme.test", "payroll@mail.portico.test",
		plain("anna@acme.test", "payroll@mail.portico.test", "c@x", "In-Reply-To: <x."+strings.TrimSuffix(forged, "@"+domain)+"@"+domain+">\n", "hi"))
	require.Equal(t, 550, code(t, err))

	// a sender neither on the accepted e-mails nor of an accepted domain
	err = f.send(t, "mallory@evil.test", "payroll@mail.portico.test",
		plain("Mallory <mallory@evil.test>", "payroll@mail.portico.test", "d@x", "", "let me in"))
	require.Equal(t, 550, code(t, err))

	// malformed MIME: a multipart without its boundary, a broken base64 attachment, no From
	err = f.send(t, "anna@acme.test", "payroll@mail.portico.test",
		"From: anna@acme.test\nSubject: x\nMessage-ID: <e@x>\nContent-Type: multipart/mixed\n\n--\nbody\n")
	require.Equal(t, 550, code(t, err))
	err = f.send(t, "anna@acme.test", "payroll@mail.portico.test", `From: anna@acme.test
Subject: x
Message-ID: <f@x>
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain

hi
--b
Content-Type: application/pdf
Content-Disposition: attachment; filename="a.pdf"
Content-Transfer-Encoding: base64

!!!! not base64 !!!!
--b--
`)
	require.Equal(t, 550, code(t, err))
	err = f.send(t, "anna@acme.test", "payroll@mail.portico.test", "Subject: who\nMessage-ID: <g@x>\n\nhi\n")
	require.Equal(t, 550, code(t, err))

	// an attachment over the upload limit: a bounce-style answer
	big := strings.Repeat(strings.Repeat("QUJD", 19)+"\n", (70<<10)/57)
	err = f.send(t, "anna@acme.test", "payroll@mail.portico.test", fmt.Sprintf(`From: anna@acme.test
Subject: big
Message-ID: <h@x>
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain

see attached
--b
Content-Type: application/octet-stream
Content-Disposition: attachment; filename="big.bin"
Content-Transfer-Encoding: base64

%s
--b--
`, big))
	require.Equal(t, 552, code(t, err))
	require.Contains(t, err.Error(), "big.bin")

	// the whole mail over the size limit; a line longer than the mail format allows
	err = f.send(t, "anna@acme.test", "payroll@mail.portico.test",
		plain("anna@acme.test", "payroll@mail.portico.test", "i@x", "", strings.Repeat(strings.Repeat("x", 70)+"\n", 600<<10/70)))
	require.Equal(t, 552, code(t, err))
	err = f.send(t, "anna@acme.test", "payroll@mail.portico.test",
		plain("anna@acme.test", "payroll@mail.portico.test", "k@x", "", strings.Repeat("x", 4000)))
	require.Equal(t, 500, code(t, err))

	// automatic mail is accepted and dropped: no loops with auto-replies
	for i, extra := range []string{"Auto-Submitted: auto-replied\n", "Precedence: bulk\n"} {
		require.NoError(t, f.send(t, "anna@acme.test", "payroll@mail.portico.test",
			plain("anna@acme.test", "payroll@mail.portico.test", fmt.Sprintf("loop%d@x", i), extra, "I am away")))
	}
	require.NoError(t, f.send(t, "", "payroll@mail.portico.test",
		plain("MAILER-DAEMON@acme.test", "payroll@mail.portico.test", "bounce@x", "", "undeliverable")))

	require.Equal(t, before, f.counts(t), "nothing half-created")
	require.Equal(t, []string{"mail_refused:forged_reply_token", "mail_refused:sender_not_accepted",
		"mail_refused:attachment_too_large", "auto_reply_ignored:", "auto_reply_ignored:", "auto_reply_ignored:"},
		f.refusals(t))
	var from string
	require.NoError(t, f.st.Pool.QueryRow(ctx, `SELECT data->>'from' FROM events_log
		WHERE event_category = 'InboundEmail' AND data->>'reason' = 'sender_not_accepted'`).Scan(&from))
	require.Equal(t, "mallory@evil.test", from)

	// a category that allows others takes the same sender
	_, err = f.st.Pool.Exec(ctx, `UPDATE company_categories SET allow_emails_from_non_whitelisted_senders = true
		WHERE email_alias = 'payroll'`)
	require.NoError(t, err)
	require.NoError(t, f.send(t, "mallory@evil.test", "payroll@mail.portico.test",
		plain("Mallory <mallory@evil.test>", "payroll@mail.portico.test", "j@x", "", "let me in")))
	require.Equal(t, "external", f.threadByMail(t, "j@x").authorType)
}
