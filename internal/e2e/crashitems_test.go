package e2e

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/server"
	"duskfall/server/store"
)

// A kill phase says when, in a drop → pickup → disconnect sequence, the
// server is killed: at a random instant within that phase.
type killPhase int

const (
	killBeforeDrop  killPhase = iota // both play; the drop is never sent
	killAfterDrop                    // 0–200 ms after the holder's drop press was sent
	killAfterPickup                  // 0–100 ms after the taker's sheet shows the item
	killAfterLeave                   // 0–2.5 s after the taker's connection closed: its body channels out for 1 s
)

func (k killPhase) String() string {
	return [...]string{"before the drop", "just after the drop", "just after the pickup", "after the taker left"}[k]
}

// commitGrace is how long after the taker's sheet shows an item the
// pickup must be on the disk: the tick stages it, the desk commits it at
// once.
const commitGrace = time.Second

// A move of an item between two characters is committed whole: the server
// is killed (SIGKILL, the real program) at random instants while one
// player drops an item and another picks it up and leaves, and each time
// the reopened store holds the item in at most one character, in the
// holder's if the kill came before the drop, and in the taker's if it came
// once the taker had been seen holding it for longer than a commit takes. An item on the floor at the kill is gone, as
// docs/NETCODE.md says ("Loot, items and upgrades").
func TestAKilledServerNeverDuplicatesAnItem(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, server.DataFile)
	kind := seedTraders(t, path)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	next := uint64(1001)
	const rounds = 16
	onFloor := 0
	for round := range rounds {
		phase := killPhase(round % 4)
		holder, ok := holderOf(t, path)
		if !ok { // the last kill left it on the floor: a new one
			onFloor++
			holder = []string{"Ann", "Bo"}[round%2]
			giveItem(t, path, holder, store.ItemStack{ID: next, Kind: kind, Count: 1, Slot: 0})
			next++
		}
		taker := map[string]string{"Ann": "Bo", "Bo": "Ann"}[holder]
		tl := runTrade(t, dir, holder, taker, phase, rng)
		t.Run(fmt.Sprintf("round %d, killed %v, holds no item twice", round, phase), func(t *testing.T) {
			auditTrade(t, path, holder, taker, tl)
		})
	}
	t.Logf("%d rounds; %d kills left the item on the floor", rounds, onFloor)
}

// seedTraders makes the accounts Ann and Bo, a character each, and gives
// Ann one item; it returns the item's kind.
func seedTraders(t *testing.T, path string) string {
	t.Helper()
	st, err := store.Open(path)
	require.NoError(t, err)
	defer st.Close()
	for i, name := range []string{"Ann", "Bo"} {
		_, err := st.Claim(name, traderToken(i), store.ClaimTerms{Now: time.Now(), MayCreate: true})
		require.NoError(t, err)
		_, err = st.CreateCharacter(name, name)
		require.NoError(t, err)
	}
	const kind = "ashwood_bow"
	require.NoError(t, st.Close())
	giveItem(t, path, "Ann", store.ItemStack{ID: 1000, Kind: kind, Count: 1, Slot: 0})
	return kind
}

func traderToken(i int) store.Token {
	var tok store.Token
	for j := range tok {
		tok[j] = byte(0x40 + i)
	}
	return tok
}

// stored reads the characters of Ann and Bo from a stopped server's file.
func stored(t *testing.T, path string) map[string]store.Character {
	t.Helper()
	st, err := store.Open(path)
	require.NoError(t, err)
	defer st.Close()
	out := map[string]store.Character{}
	for _, name := range []string{"Ann", "Bo"} {
		cs, err := st.Characters(name)
		require.NoError(t, err)
		require.Len(t, cs, 1)
		out[name] = cs[0]
	}
	return out
}

func giveItem(t *testing.T, path, who string, it store.ItemStack) {
	t.Helper()
	c := stored(t, path)[who]
	c.Inventory = append(c.Inventory, it)
	st, err := store.Open(path)
	require.NoError(t, err)
	defer st.Close()
	b := st.NewBatch()
	b.Stage(c)
	require.NoError(t, b.Flush())
}

// holderOf is whoever carries an item.
func holderOf(t *testing.T, path string) (string, bool) {
	for name, c := range stored(t, path) {
		if len(c.Inventory) > 0 {
			return name, true
		}
	}
	return "", false
}

// tradeTimes is what the test saw of one round, on its own clock.
type tradeTimes struct {
	phase                  killPhase
	kill                   time.Time
	dropSent, picked, left time.Time // zero: did not happen before the kill
	log                    string    // the server's
}

// runTrade starts the real server on the store, plays the trade and kills
// the server in the phase asked.
func runTrade(t *testing.T, dir, holder, taker string, phase killPhase, rng *rand.Rand) tradeTimes {
	t.Helper()
	cmd := exec.Command(headlessServer(t), "--server", "--bind", "127.0.0.1", "--port", "0", "--data", dir, "--item-journal", filepath.Join(dir, "journal"))
	log := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = log, log
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	defer func() { cmd.Process.Kill(); <-exited }()
	require.Eventually(t, func() bool { return listeningOn.MatchString(log.String()) }, 10*time.Second, 10*time.Millisecond,
		"the server did not start: %s", log.String())
	addr := listeningOn.FindStringSubmatch(log.String())[1]

	tr := &trade{phase: phase, rng: rng}
	tr.h = traderDial(t, addr, holder)
	tr.k = traderDial(t, addr, taker)
	var closing sync.WaitGroup // a goodbye to a killed server waits a second: not in the round's time
	t.Cleanup(closing.Wait)
	closeLater := func(rt *client.Runtime, at *time.Time) {
		closing.Add(1)
		go func() {
			defer closing.Done()
			rt.Close()
			if at != nil {
				tr.mu.Lock()
				*at = time.Now()
				tr.mu.Unlock()
			}
		}()
	}
	defer func() {
		closeLater(tr.h, nil)
		if !tr.leaving {
			closeLater(tr.k, nil)
		}
	}()
	for start := time.Now(); time.Since(start) < 20*time.Second; {
		if !tr.killAt.IsZero() && time.Now().After(tr.killAt) {
			require.NoError(t, cmd.Process.Kill())
			<-exited
			tr.mu.Lock()
			defer tr.mu.Unlock()
			return tradeTimes{phase: phase, kill: time.Now(), dropSent: tr.dropSent, picked: tr.picked, left: tr.left, log: log.String()}
		}
		tr.step(closeLater)
		time.Sleep(time.Second / game.TickRate)
	}
	t.Fatalf("the trade did not reach its kill (%v): holder %v %v, taker %v %v; server log:\n%s",
		phase, tr.h.State(), tr.h.Err(), tr.k.State(), tr.k.Err(), log.String())
	return tradeTimes{}
}

func traderDial(t *testing.T, addr, name string) *client.Runtime {
	t.Helper()
	i := map[string]int{"Ann": 0, "Bo": 1}[name]
	rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: name, Token: traderToken(i)})
	require.NoError(t, err)
	return rt
}

// trade drives the holder and the taker one frame at a time.
type trade struct {
	phase  killPhase
	rng    *rand.Rand
	h, k   *client.Runtime
	killAt time.Time
	frames int // frames both have been in play with the item in the holder's bag

	mu                     sync.Mutex // dropSent and picked are the loop's; left is set by the closer
	dropSent, picked, left time.Time
	leaving                bool
}

func (tr *trade) step(closeLater func(*client.Runtime, *time.Time)) {
	hin, kin := client.Intent{}, client.Intent{}
	ready := tr.h.State() == client.StatePlaying && (tr.leaving || tr.k.State() == client.StatePlaying)
	switch {
	case !ready:
	case tr.dropSent.IsZero():
		hin, kin = tr.beforeDrop()
	case tr.picked.IsZero():
		kin = tr.fetch()
		if bagHolds(tr.k) {
			tr.picked = time.Now()
			tr.scheduleAfter(killAfterPickup, 100*time.Millisecond)
			tr.leaving = true
			closeLater(tr.k, &tr.left)
		}
	default:
		tr.mu.Lock()
		left := tr.left
		tr.mu.Unlock()
		if !left.IsZero() {
			tr.scheduleFrom(killAfterLeave, left, 2500*time.Millisecond)
		}
	}
	tr.h.Frame(hin)
	if !tr.leaving {
		tr.k.Frame(kin)
	}
}

// beforeDrop brings the taker beside the holder, then the holder drops.
func (tr *trade) beforeDrop() (hin, kin client.Intent) {
	slot, held := bagSlot(tr.h)
	hself, ok1 := tr.h.Self()
	kself, ok2 := tr.k.Self()
	if !held || !ok1 || !ok2 {
		return hin, kin
	}
	tr.frames++
	if tr.phase == killBeforeDrop {
		tr.scheduleAt(time.Now().Add(time.Duration(tr.rng.Int64N(int64(300 * time.Millisecond)))))
		return hin, kin
	}
	if d := hself.Pos.Sub(kself.Pos); d.Len() > 12 {
		kin.MoveX, kin.MoveY = d.X/d.Len(), d.Y/d.Len()
		return hin, kin
	}
	hin.Drop, hin.Slot = true, slot
	tr.dropSent = time.Now()
	tr.scheduleAfter(killAfterDrop, 200*time.Millisecond)
	return hin, kin
}

// fetch walks the taker onto the item on the floor and takes it.
func (tr *trade) fetch() (kin client.Intent) {
	kself, ok := tr.k.Self()
	loot := tr.k.Loot()
	if !ok || len(loot) == 0 {
		return kin
	}
	at := game.Vec{X: float64(loot[0].X), Y: float64(loot[0].Y)}
	if d := at.Sub(kself.Pos); d.Len() > game.PickupRadius/2 {
		kin.MoveX, kin.MoveY = d.X/d.Len(), d.Y/d.Len()
		return kin
	}
	kin.Interact = tr.frames%2 == 0 // a press every other frame
	tr.frames++
	return kin
}

// scheduleAfter sets the kill a random instant within span from now, if
// this round kills in that phase.
func (tr *trade) scheduleAfter(phase killPhase, span time.Duration) {
	tr.scheduleFrom(phase, time.Now(), span)
}

func (tr *trade) scheduleFrom(phase killPhase, from time.Time, span time.Duration) {
	if tr.phase == phase && tr.killAt.IsZero() {
		tr.killAt = from.Add(time.Duration(tr.rng.Int64N(int64(span))))
	}
}

func (tr *trade) scheduleAt(at time.Time) {
	if tr.killAt.IsZero() {
		tr.killAt = at
	}
}

// bagSlot is the first bag slot holding an item.
func bagSlot(rt *client.Runtime) (uint8, bool) {
	sh := rt.Sheet()
	for i, def := range sh.Bag {
		if sh.Known && def >= 0 {
			return uint8(i), true
		}
	}
	return 0, false
}

func bagHolds(rt *client.Runtime) bool {
	_, ok := bagSlot(rt)
	return ok
}

// auditTrade checks the reopened store against what the round saw.
func auditTrade(t *testing.T, path, holder, taker string, tl tradeTimes) {
	chars := stored(t, path)
	owner := map[uint64]string{}
	for name, c := range chars {
		for _, it := range c.Inventory {
			other, twice := owner[it.ID]
			assert.False(t, twice, "item %d is held by both %s and %s", it.ID, other, name)
			owner[it.ID] = name
		}
	}
	held := len(chars[holder].Inventory) > 0
	took := len(chars[taker].Inventory) > 0
	switch {
	case tl.dropSent.IsZero():
		assert.True(t, held && !took, "killed before the drop: the item stays with %s", holder)
	case !tl.picked.IsZero() && tl.kill.Sub(tl.picked) > commitGrace:
		assert.True(t, took && !held, "killed %v after %s was seen holding it: the item is with %s",
			tl.kill.Sub(tl.picked).Round(time.Millisecond), taker, taker)
	}
	if t.Failed() {
		j, _ := os.ReadFile(filepath.Join(filepath.Dir(path), "journal"))
		t.Logf("server log:\n%s\njournal:\n%s\n%+v", tl.log, j, chars)
	}
	t.Logf("killed %v (drop %v, pickup %v, leave %v before the kill): %s holds %v, %s holds %v",
		tl.phase, ago(tl.kill, tl.dropSent), ago(tl.kill, tl.picked), ago(tl.kill, tl.left), holder, held, taker, took)
}

// ago is how long before kill at was, or "never" for a zero time.
func ago(kill, at time.Time) string {
	if at.IsZero() {
		return "never"
	}
	return kill.Sub(at).Round(time.Millisecond).String()
}
