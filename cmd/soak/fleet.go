package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"

	"duskfall/bots"
)

// group is one bot process, started again and again with the same name
// prefix: the same bots, so the same accounts and characters.
type group struct {
	prefix  string
	args    []string // the script and its habits
	rng     *rand.Rand
	mu      sync.Mutex
	proc    *os.Process // the running process, nil between runs
	killing bool        // the churn SIGKILLed proc
}

// tally is what the fleet did, summed over its groups.
type tally struct {
	mu        sync.Mutex
	starts    int // processes started
	joins     int // bots started (a process's bots each join)
	kills     int // processes SIGKILLed by the churn
	reports   int // bot reports read from processes that ended on their own or on SIGTERM
	played    int // of those, bots that connected
	deaths    int
	escapes   int
	dungeons  int // dungeons entered
	botErrors map[string]int
}

// fleet is every group and the churn over them.
type fleet struct {
	c      config
	bin    string
	addr   string
	groups []*group
	t      tally
	gate   sync.Mutex // held while a start waits its turn
	next   time.Time  // under gate: the earliest the next process may start
}

// The server lets an address have 4 connections joining at once (its
// guard against connection floods), and every bot process comes from
// 127.0.0.1 with 4 bots: starts are spaced so one process's bots have
// joined before the next dials. A process restarted after a SIGKILL waits
// longer: its bots stay joining (parked) until their old bodies have
// channelled out.
const (
	startGap  = 500 * time.Millisecond
	rejoinGap = 2500 * time.Millisecond
	niceness  = "19"
)

// turn waits until a process may start, and books the gap after it.
func (f *fleet) turn(ctx context.Context, gap time.Duration) {
	f.gate.Lock()
	defer f.gate.Unlock()
	select {
	case <-ctx.Done():
	case <-time.After(time.Until(f.next)):
	}
	f.next = time.Now().Add(gap)
}

// newFleet makes the groups: a quarter wander, a quarter fight, a quarter
// go down dungeons and a quarter go into one and escape with ESCAPE held;
// the dungeon groups take different hub portals (wrapping around the
// hub's), so the hub and several dungeons are busy at once.
func newFleet(c config, addr string) *fleet {
	f := &fleet{c: c, bin: c.bin, addr: addr, t: tally{botErrors: map[string]int{}}}
	for i := range c.procs {
		g := &group{prefix: fmt.Sprintf("soak%02d", i+1), rng: rand.New(rand.NewPCG(c.seed, uint64(i+1)))}
		switch i % 4 {
		case 0:
			g.args = []string{"--script", bots.ScriptWander}
		case 1:
			g.args = []string{"--script", bots.ScriptFight}
		case 2:
			g.args = []string{"--script", bots.ScriptDungeon, "--descend", "2", "--portal", strconv.Itoa(i / 4)}
		case 3:
			g.args = []string{"--script", bots.ScriptDungeon, "--portal", strconv.Itoa(i/4 + 1),
				"--leave-after", strconv.Itoa(15+g.rng.IntN(25)) + "s"}
		}
		f.groups = append(f.groups, g)
	}
	return f
}

// names are every bot name the fleet plays, for the store's check.
func (f *fleet) names() []string {
	var out []string
	for _, g := range f.groups {
		for i := range f.c.perProc {
			out = append(out, fmt.Sprintf("%s-%d", g.prefix, i+1))
		}
	}
	return out
}

// run plays every group until ctx ends, with the churn, and returns when
// every process has ended.
func (f *fleet) run(ctx context.Context) {
	var wg sync.WaitGroup
	for _, g := range f.groups {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.play(ctx, g)
		}()
	}
	f.churn(ctx)
	wg.Wait()
}

// churn SIGKILLs a random running process about every six seconds: often
// enough for dozens of kills in ten minutes, rarely enough that most bots
// are in play at any moment.
func (f *fleet) churn(ctx context.Context) {
	rng := rand.New(rand.NewPCG(f.c.seed, 0))
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Duration(2000+rng.IntN(8000)) * time.Millisecond):
		}
		if f.groups[rng.IntN(len(f.groups))].kill() {
			f.t.add(func(t *tally) { t.kills++ })
		}
	}
}

// kill SIGKILLs the group's process, if one runs; it says whether it did.
func (g *group) kill() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.proc == nil || g.killing {
		return false
	}
	g.killing = true
	return g.proc.Signal(syscall.SIGKILL) == nil
}

// play starts the group's process again whenever it ends, until ctx ends.
// A run lasts 20 s to 2 min; after a SIGKILL the restart waits 1.5 to
// 4 s, longer than the server's ReplaceSilentTicks (0.5 s), so the new
// connection replaces the dead one's seat instead of being refused.
func (f *fleet) play(ctx context.Context, g *group) {
	killed := false
	for ctx.Err() == nil {
		gap := startGap
		if killed {
			gap = rejoinGap
		}
		f.turn(ctx, gap)
		if ctx.Err() != nil {
			return
		}
		killed = f.once(ctx, g, time.Duration(20+g.rng.IntN(100))*time.Second)
		pause := time.Duration(500+g.rng.IntN(1500)) * time.Millisecond
		if killed {
			pause = time.Duration(1500+g.rng.IntN(2500)) * time.Millisecond
		}
		select {
		case <-ctx.Done():
		case <-time.After(pause):
		}
	}
}

// once runs the group's process for d, or until it is killed or ctx ends
// (then it is sent SIGTERM, and its bots report). It says whether the
// churn killed it.
func (f *fleet) once(ctx context.Context, g *group, d time.Duration) bool {
	args := append([]string{"--bot", strconv.Itoa(f.c.perProc), "--join", f.addr, "--name", g.prefix,
		"--duration", d.String()}, g.args...)
	// The bots stand in for players on other computers: niced, so on a
	// small machine they take the CPU the server leaves rather than the
	// server's, and its tick times measure the server, not the crowd.
	cmd := exec.Command("nice", append([]string{"-n", niceness, f.bin}, args...)...)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		f.t.add(func(t *tally) { t.botErrors["cannot start a bot process: "+err.Error()]++ })
		return false
	}
	g.mu.Lock()
	g.proc, g.killing = cmd.Process, false
	g.mu.Unlock()
	f.t.add(func(t *tally) { t.starts++; t.joins += f.c.perProc })
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second): // a bot that ignores SIGTERM is killed
			cmd.Process.Kill()
			<-done
		}
	}
	g.mu.Lock()
	killed := g.killing
	g.proc = nil
	g.mu.Unlock()
	if !killed {
		f.t.add(func(t *tally) { t.read(&out) })
	}
	return killed
}

// read sums the bot reports a process printed, one JSON object a line.
func (t *tally) read(out *bytes.Buffer) {
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		var r bots.Report
		if json.Unmarshal(sc.Bytes(), &r) != nil {
			continue
		}
		t.reports++
		if r.Connected {
			t.played++
		}
		if r.Error != "" {
			t.botErrors[r.Error]++
		}
		t.deaths += r.Deaths
		t.dungeons += r.DungeonsEntered
		if r.Escaped {
			t.escapes++
		}
	}
}

func (t *tally) add(f func(*tally)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f(t)
}
