# Duskfall. Two commands on a fresh Debian or Ubuntu machine:
#   make play   install what is missing, build, open the game window
#   make test   the whole suite, the one command that runs everything: install what is missing
#               (scripts/deps.sh --test, a no-op under a second when all is there), gofmt, then
#               scripts/suite.sh: go vet, go test ./..., the real-time e2e tests apart from the rest,
#               the window and drawn-frame tests (under Xvfb when DISPLAY is unset), brief fuzzing,
#               the smoke test of the real programs, the players' archive unpacked and played
#               (scripts/dist-check.sh), the port-mapping lab (needs root, else it says
#               it skipped) and the soak's 60-second form; what mostly waits runs beside what
#               computes, and it ends with what each stage took
# and the rest:
#   make check  the inner loop, under a minute warm: gofmt (failing, with the files named, when any
#               file is not formatted), go vet, and the unit tests of game, wire, levels, client,
#               server and store with -short (which skips their few real-time tests; make test runs them)
#   make fmt    gofmt's check alone
#   make natlab the port-mapping lab alone: a host behind a miniupnpd router and a friend outside,
#               in network namespaces (docs/HOSTING.md)
#   make soak   64 bots under churn against a dedicated server for 10 minutes (scripts/soak.sh)
#   make dist   the download for players: dist/duskfall-VERSION-linux-x86_64.tar.gz, the game, the
#               headless server, ENet beside them, a launcher entry, an icon and a README
#               (scripts/dist.sh; docs/HOSTING.md); make dist-check unpacks it where no Go and no
#               system ENet can be seen, and has a bot join its server (scripts/dist-check.sh)
#   make smoke, make fuzz, make bench   those stages alone; make build, make headless   the binaries
GO       ?= go
BIN      ?= bin/duskfall
FUZZTIME ?= 3s

.PHONY: play check fmt test build headless dist dist-check deps deps-test vet fuzz smoke natlab soak bench clean

play: deps build
	./$(BIN)

build:
	$(GO) build -o $(BIN) .

headless:
	$(GO) build -tags headless -o bin/duskfall-server .

dist: deps
	GO=$(GO) scripts/dist.sh

dist-check: deps
	GO=$(GO) scripts/dist-check.sh

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
	$(GO) vet -tags headless . # the tag changes only package main's files
	$(GO) vet -tags frames ./render

test: deps-test fmt
	GO=$(GO) FUZZTIME=$(FUZZTIME) scripts/suite.sh

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
	rm -rf bin dist
