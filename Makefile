# Portico: `make run` serves the whole portal on this machine; `make test` runs every test.
# Both install what is missing first (Debian packages, npm packages, the pinned Temporal CLI).

SHELL := /bin/bash
GO ?= go
TEMPORAL_VERSION := v1.5.1
VERSITYGW_VERSION := v1.8.0
MAILPIT_VERSION := v1.33.1
TEMPORAL_SERVER_VERSION := v1.29.1
TEMPORAL_UI_VERSION := v2.42.1
GO_TEST_TIMEOUT ?= 12m
export PATH := $(CURDIR)/bin:$(PATH)

.PHONY: run test build deps system-deps web-deps web generate vet go-test web-test e2e bench bench-cluster fuzz clean \
	cluster cluster-stop cluster-deps test-cluster

# Mailpit (the mail catcher) only for make run: without it `portico dev` sends no mail,
# which the tests do not need (their SMTP servers are their own).
run: build bin/mailpit
	./bin/portico dev

# The Go checks beside the web checks and the browser tests (scripts/test.sh says why).
test: build bin/versitygw
	@scripts/test.sh

build: deps web bin/portico

deps: system-deps web-deps bin/temporal

# Debian packages the portal and its tests need: PostgreSQL server binaries,
# Chromium for browser tests, fonts for PDFs, pdftotext to check them, haproxy for `make cluster`.
system-deps:
	@scripts/system-deps.sh

web-deps:
	@scripts/web-deps.sh

# The pinned Temporal CLI (dev server and UI), built from the Go module proxy.
bin/temporal:
	GOBIN=$(CURDIR)/bin $(GO) install github.com/temporalio/cli/cmd/temporal@$(TEMPORAL_VERSION)

# Mailpit, the mail catcher (SMTP and web UI) `portico dev` sends its mail to;
# its UI is built with npm from a copy of the module first (scripts/build-mailpit.sh).
bin/mailpit:
	GO=$(GO) scripts/build-mailpit.sh $(MAILPIT_VERSION)

# The production topology on this machine (scripts/cluster.sh): the Temporal server on
# PostgreSQL, its UI, versitygw, Mailpit, haproxy, two of each Portico process.
# DETACH=1 leaves it running in the background; `make cluster-stop` stops it.
cluster: build cluster-deps
	scripts/cluster.sh start $(if $(DETACH),-d)

cluster-stop:
	scripts/cluster.sh stop

# The fault tests (cluster/faulttest): a cluster of their own on CLUSTER_TEST_PORT (8450 on),
# whose processes they kill and restart.
test-cluster: build cluster-deps
	$(GO) test -tags cluster -count=1 -timeout 20m -v ./cluster/faulttest/

cluster-deps: bin/temporal-server bin/temporal-ui-server bin/versitygw bin/mailpit

# The Temporal server itself (not the CLI's dev server) and its web UI, built from
# the Go module proxy; each `go install` names its binary `server`, hence the move.
bin/temporal-server:
	GOBIN=$(CURDIR)/bin/.temporal-server $(GO) install go.temporal.io/server/cmd/server@$(TEMPORAL_SERVER_VERSION)
	mv bin/.temporal-server/server $@ && rmdir bin/.temporal-server

bin/temporal-ui-server:
	GOBIN=$(CURDIR)/bin/.temporal-ui-server $(GO) install github.com/temporalio/ui-server/v2/cmd/server@$(TEMPORAL_UI_VERSION)
	mv bin/.temporal-ui-server/server $@ && rmdir bin/.temporal-ui-server

# A real S3-compatible server for the blob store's tests.
bin/versitygw:
	GOBIN=$(CURDIR)/bin $(GO) install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION)

# Skipped when web/dist is built from the same sources (scripts/web-build.sh; WEB_BUILD_FORCE=1 builds).
web: web-deps
	@scripts/web-build.sh

bin/portico: FORCE
	$(GO) build -o bin/portico ./cmd/portico

FORCE:

# Regenerate sqlc and gqlgen code after changing queries or the GraphQL schema.
generate:
	$(GO) tool sqlc generate
	$(GO) tool gqlgen generate

# workflowcheck: Temporal workflow code must stay deterministic (it replays).
vet:
	$(GO) vet ./...
	$(GO) tool workflowcheck ./temporal/...

# -vet=off: vet ran in full just before; -p 4: the packages mostly wait (on PostgreSQL,
# Temporal, timers), so four at a time on two cores finish sooner than GOMAXPROCS's two.
go-test: bin/temporal bin/versitygw
	$(GO) test -count=1 -vet=off -p 4 -timeout $(GO_TEST_TIMEOUT) ./... ; status=$$?; scripts/stop-test-postgres.sh; exit $$status

# The initial-JS budgets read the build (web runs the type check first).
web-test: web-deps web
	cd web && npm test && node --test scripts/ && npm run --silent size -- --check

e2e: build
	scripts/e2e.sh

# BENCH_CLUSTER=0 leaves the cluster section out (and its binaries unbuilt).
bench: build $(if $(filter 0,$(BENCH_CLUSTER)),,cluster-deps)
	scripts/bench.sh

# The cluster section of make bench alone: workflow throughput on a cluster of its own against the
# dev server, and the realtime load through its proxy (var/cluster-bench.txt, in var/bench/index.html).
bench-cluster: build cluster-deps
	scripts/bench-cluster.sh; status=$$?; $(GO) run ./cmd/portico-benchreport -var var; exit $$status

# Each fuzz target for FUZZTIME (their seeds run in every `go test`). A finding
# is written to the package's testdata/fuzz and then runs as a seed.
FUZZTIME ?= 30s
FUZZ_TARGETS := ./engine/inbox:FuzzSanitize ./engine/inbox:FuzzUploadFilename ./engine/inbox:FuzzSearchQuery \
	./engine/files:FuzzFileNames ./engine/workflow/graph:FuzzAnchorDates \
	./engine/workflow/graph:FuzzScheduleRecurrence ./engine/workflow/graph:FuzzStructureJSON
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		echo "fuzz $${t#*:} ($${t%%:*}) for $(FUZZTIME)"; \
		$(GO) test -run '^$$' -fuzz "^$${t#*:}$$" -fuzztime $(FUZZTIME) "$${t%%:*}"; \
	done

clean:
	rm -rf bin/portico web/dist/assets web/dist/index.html
