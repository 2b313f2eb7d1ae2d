package e2e

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/bots"
	"duskfall/client"
	"duskfall/net/transport/netsim"
	"duskfall/server"
)

// sightRun is one measured condition of the hit-visibility table.
type sightRun struct {
	name       string
	oneWay     time.Duration
	jitter     time.Duration
	loss       float64
	timeline   client.Timeline
	volleyLead int    // server.Config.VolleyLead
	script     string // the bots' script: fight unless set
}

// sightResult sums the bots' reports of one run.
type sightResult struct {
	taken, unseen, under, miss, snaps, corrections, reconciles int
	sumCorrection, rttMs                                       float64
	maxGap                                                     float64
	errors                                                     []string
	bots                                                       []string // one line per bot: what a failure needs to be read
}

// runSight plays n fight bots against the arena's enemies through a netsim
// proxy for d and sums what they measured.
func runSight(t *testing.T, c sightRun, n int, d time.Duration) sightResult {
	t.Helper()
	srv, addr := newServer(t, "arena", server.Config{Seed: 7, VolleyLead: c.volleyLead})
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		srv.Run(ctx)
	}()
	defer func() {
		cancel()
		wg.Wait()
	}()
	target := addr
	if c.oneWay > 0 || c.loss > 0 {
		proxy, err := netsim.Start("127.0.0.1:0", addr, netsim.Config{
			Loss: c.loss, Latency: c.oneWay, Jitter: c.jitter, Seed: 42,
		})
		require.NoError(t, err)
		defer proxy.Close()
		target = proxy.Addr()
	}
	crew := make([]*bots.Bot, 0, n)
	for i := range n {
		name := fmt.Sprintf("seer-%d", i+1)
		rt, err := client.Dial(target, client.Config{Content: builtinContent, Name: name, Timeline: c.timeline})
		require.NoError(t, err)
		defer rt.Close()
		script := c.script
		if script == "" {
			script = bots.ScriptFight
		}
		b, err := bots.NewBot(rt, name, script, uint64(i+1))
		require.NoError(t, err)
		crew = append(crew, b)
	}
	bots.DriveBots(context.Background(), crew, d)
	var res sightResult
	for _, b := range crew {
		r := b.Report()
		st := b.Runtime().Stats()
		if r.Error != "" {
			res.errors = append(res.errors, r.Name+": "+r.Error)
		}
		res.taken += r.HitsTaken
		res.unseen += r.HitsUnseen
		res.under += r.HitsSeenUnder
		res.miss += r.HitsDrawnAsMiss
		res.snaps += r.Snaps
		res.corrections += r.Corrections
		res.reconciles += st.Reconciles
		res.sumCorrection += st.SumCorrection
		res.rttMs += r.RTTms / float64(n)
		res.maxGap = max(res.maxGap, r.HitGapMaxU)
		res.bots = append(res.bots, fmt.Sprintf(
			"%s: hits %d, under 100 ms %d, mean seen %.0f ms, rtt %.0f ms, resyncs %d, late inputs %d, clock jumps %d, held frames %d, snapshot loss %.3f",
			r.Name, r.HitsTaken, r.HitsSeenUnder, r.HitSeenMeanMs, r.RTTms, r.Resyncs, r.LateInputs, r.ClockJumps, r.HeldFrames, r.SnapshotLoss))
	}
	return res
}

func (r sightResult) row(c sightRun) string {
	pct := func(k int) float64 {
		if r.taken == 0 {
			return 0
		}
		return 100 * float64(k) / float64(r.taken)
	}
	mean := 0.0
	if r.reconciles > 0 {
		mean = r.sumCorrection / float64(r.reconciles)
	}
	return fmt.Sprintf("| %s | %.0f | %d | %d | %.1f %% | %.1f %% | %.2f | %d | %d | %.3f |",
		c.name, r.rttMs, r.taken, r.unseen, 100-pct(r.unseen+r.under), pct(r.miss), r.maxGap,
		r.snaps, r.corrections, mean)
}

// TestHitVisibility plays wandering bots (they take more hits than fighting
// ones, which kill what shoots them) over 100 ms of round trip with 5 %
// loss and ±10 ms of jitter, and holds the fairness targets: no hit from a
// bullet never drawn, at most 1 % drawn as a miss in the frame of the hit
// (a 20 s run takes a few dozen hits, where 1 % is less than one: one hit
// of slack), and the ship never snapped. It plays in real time, so make
// test runs it alone after the rest of the suite: beside it, two busy cores
// stalled the bots' frames for long enough that bullets flew and hit
// between two drawn frames (8 of 29 hits unseen in one such run). The
// target of 99 % of hits from bullets drawn for 100 ms or more is measured
// by the table run; a 20 s run takes twenty or so hits, where one is 5 %,
// so it allows 90 %. The volley lead is sized so that, at this round trip
// and jitter, every volley is drawn for 100 ms before it flies
// (client's TestInputTimingOrdering).
// DUSKFALL_MEASURE=1 runs the whole table docs/NETCODE.md ("Hit
// visibility") describes instead (DUSKFALL_MEASURE_SECONDS per row, 60 by
// default), timelines and volley leads included.
func TestHitVisibility(t *testing.T) {
	t.Parallel() // beside the real-time group's other light runs only (doc.go)
	if testing.Short() {
		t.Skip("20 s of play")
	}
	ref := sightRun{name: "100 ms, 5 % loss, ±10 ms", oneWay: 50 * time.Millisecond,
		jitter: 10 * time.Millisecond, loss: 5, script: bots.ScriptWander}
	if os.Getenv("DUSKFALL_MEASURE") != "" {
		measureSight(t, ref)
		return
	}
	res := runSight(t, ref, 4, 20*time.Second) // three took 8 to 26 hits in four runs: too few to hold the targets to, once
	t.Log(res.row(ref))
	for _, line := range res.bots {
		t.Log(line)
	}
	require.Empty(t, res.errors)
	require.Greater(t, res.taken, 10, "the bots were in the fight")
	require.Zero(t, res.unseen, "a hit from a bullet never drawn")
	require.LessOrEqual(t, 10*(res.unseen+res.under), res.taken, "at most 10 % of hits from bullets drawn under 100 ms")
	require.LessOrEqual(t, 100*(res.miss-1), res.taken, "at most 1 % of hits drawn as a miss")
	require.Zero(t, res.snaps, "the ship snapped")
}

func measureSight(t *testing.T, ref sightRun) {
	secs, err := strconv.Atoi(os.Getenv("DUSKFALL_MEASURE_SECONDS"))
	if err != nil || secs <= 0 {
		secs = 60
	}
	server := ref
	server.name, server.timeline = ref.name+", bullets at the server estimate", client.TimelineServer
	noLead := ref
	noLead.name, noLead.volleyLead = ref.name+", volleys not announced ahead", -1
	lead15 := ref
	lead15.name, lead15.volleyLead = ref.name+", volleys announced 15 ticks ahead", 15
	fight := ref
	fight.name, fight.script = ref.name+", fight bots", bots.ScriptFight
	wander := bots.ScriptWander
	rows := []sightRun{
		{name: "loopback (0 ms)", script: wander},
		ref,
		fight,
		{name: "200 ms, 5 % loss, ±10 ms", oneWay: 100 * time.Millisecond, jitter: 10 * time.Millisecond, loss: 5, script: wander},
		{name: "300 ms, 5 % loss, ±30 ms", oneWay: 150 * time.Millisecond, jitter: 30 * time.Millisecond, loss: 5, script: wander},
		server,
		noLead,
		lead15,
	}
	fmt.Println("| condition | RTT ms | hits | unseen | drawn ≥ 100 ms | drawn as miss | max gap u | snaps | corrections | mean correction u |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range rows {
		res := runSight(t, c, 4, time.Duration(secs)*time.Second)
		fmt.Println(res.row(c))
		for _, e := range res.errors {
			fmt.Println("  error:", e)
		}
	}
}
