# Duskfall. Two commands on a fresh Debian or Ubuntu machine:
#   make play   install what is missing, build, open the game window
#   make test   the whole suite, the one command that runs everything: install what is missing
#               (scripts/deps.sh --test, a no-op under a second when all is there), go vet, then in turn
#               - go test ./... but the real-time and window tests (under Xvfb when DISPLAY is unset),
#                 the end-to-end and transport tests that mostly wait four at a time (-parallel 4),
#                 and beside it the smoke test of the real programs (scripts/smoke.sh) and the
#                 port-mapping lab (scripts/natlab.sh: needs root, else it says it skipped), which
#                 mostly wait too
#               - the real-time e2e group (REALTIME below), apart from everything else
#               - the window tests (TestGUI...), alone, and the tests that read drawn frames back
#               - every fuzz target for FUZZTIME (scripts/fuzz.sh), two at a time, one a core
#               - the soak's 60-second form (scripts/soak.sh 60s)
# and the rest:
#   make check  the inner loop, under a minute warm: gofmt (failing, with the files named, when any
#               file is not formatted), go vet, and the unit tests of game, wire, levels, client,
#               server and store with -short (which skips their few real-time tests; make test runs them)
#   make fmt    gofmt's check alone
#   make natlab the port-mapping lab alone: a host behind a miniupnpd router and a friend outside,
#               in network namespaces (docs/HOSTING.md)
#   make soak   64 bots under churn against a dedicated server for 10 minutes (scripts/soak.sh)
#   make smoke, make fuzz, make bench   those stages alone; make build, make headless   the binaries
GO       ?= go
BIN      ?= bin/duskfall
FUZZTIME ?= 3s

.PHONY: play check fmt test build headless deps deps-test vet fuzz smoke natlab soak bench clean

play: deps build
	./$(BIN)

build:
	$(GO) build -o $(BIN) .

headless:
	$(GO) build -tags headless -o bin/duskfall-server .

deps:
	@scripts/deps.sh

deps-test:
	@scripts/deps.sh --test

# The packages make check tests: the game's rules and the code around them,
# not the programs, the window or the end-to-end runs.
UNIT := ./game/... ./net/wire/... ./levels/... ./client/... ./server/...

check: deps fmt vet
	$(GO) test -count=1 -short $(UNIT)

fmt:
	@files=$$(gofmt -l $$(find . -name '*.go' -not -path './.git/*')); \
	if [ -n "$$files" ]; then echo "gofmt: not formatted (gofmt -w them):"; echo "$$files"; exit 1; fi

vet:
	$(GO) vet ./...
	$(GO) vet -tags headless ./...
	$(GO) vet -tags frames ./render

# TestHitVisibility and TestReconciliationOverABadNetwork measure what
# players see through real sockets and bot clients in real time, over a
# simulated bad network (TestSnapshotLossMatchesTheNetwork counts its lost
# snapshots; TestDeltaSnapshotsRebuildExactlyOverABadNetwork that deltas rebuild
# exactly through it), TestHoldingTheDoor what attacks cost them, and
# TestItemConservation needs its bots to get far in a short run: they run
# apart from the rest, so two busy cores do not stall their bots' frames
# (a stalled frame is a resync, and a snap). Within the group the two that
# load the machine run first, one at a time, and the four light ones
# (a few bots each, through a netsim proxy) together after them
# (internal/e2e/doc.go). The window tests (TestGUI…)
# run two game windows under software GL: they run alone too, and so do
# the tests that read drawn frames back (FRAMES, built with the frames tag:
# they run the render package's tests inside a running game).
REALTIME := ^(TestHitVisibility|TestReconciliationOverABadNetwork|TestSnapshotLossMatchesTheNetwork|TestDeltaSnapshotsRebuildExactlyOverABadNetwork|TestHoldingTheDoor|TestItemConservation)$$
WINDOW := ^TestGUI
FRAMES := ^(TestHostileBulletsContrastInEveryPlace|TestNoHUDElementsOverlapAtAnySize)$$
UNITS := scripts/with-display.sh $(GO) test -count=1 -parallel 4 -timeout 15m -skip '$(REALTIME)|$(WINDOW)' ./...
test: deps-test fmt vet
	@echo "$(UNITS) (beside scripts/natlab.sh and scripts/smoke.sh)"
	@scripts/natlab.sh & lab=$$!; scripts/smoke.sh & sm=$$!; \
	  $(UNITS); un=$$?; wait $$lab; nl=$$?; wait $$sm; sk=$$?; \
	  [ $$un -eq 0 ] && [ $$nl -eq 0 ] && [ $$sk -eq 0 ]
	$(GO) test -count=1 -parallel 4 -run '$(REALTIME)' ./internal/e2e
	scripts/with-display.sh $(GO) test -count=1 -run '$(WINDOW)' .
	scripts/with-display.sh $(GO) test -count=1 -tags frames -run '$(FRAMES)' ./render
	FUZZTIME=$(FUZZTIME) FUZZJOBS=2 FUZZPARALLEL=1 scripts/fuzz.sh
	scripts/soak.sh 60s

smoke:
	scripts/smoke.sh

natlab:
	scripts/natlab.sh

soak:
	scripts/soak.sh

fuzz:
	FUZZTIME=$(FUZZTIME) scripts/fuzz.sh

bench:
	scripts/with-display.sh $(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin
