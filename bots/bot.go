package bots

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/wire"
)

// Bot scripts.
const (
	ScriptWander  = "wander"  // walk in random directions
	ScriptFight   = "fight"   // keep a distance from the nearest enemy, aim and fire at it
	ScriptDungeon = "dungeon" // take a portal, explore toward the boss fighting, leave by the exit
)

// scripts lists the scripts a Bot knows; Scripts hands out copies so no
// caller can change what CheckScript accepts.
var scripts = [...]string{ScriptWander, ScriptFight, ScriptDungeon}

// Scripts lists the scripts a Bot knows, in a fresh slice.
func Scripts() []string { return append([]string(nil), scripts[:]...) }

// Bot drives a Runtime headlessly from a small script, for tests, smoke
// runs and load. It decides only intents, like a player at a keyboard.
type Bot struct {
	Name      string
	rt        *client.Runtime
	script    string
	rng       *rand.Rand
	heading   float64
	turnAt    int
	frame     int
	lastPos   game.Vec
	inSight   []client.Actor // the enemies the dungeon script may fight, reused
	connected bool
	dungeon   dungeonRun
	character string
	class     string
	deaths    int
	items     itemHabits

	pressedAbility bool // the ability was pressed last frame: let go before the next press

	// LeaveAfter, when set, is the frame from which the bot holds ESCAPE
	// (--leave-after): in a dungeon it channels out to the hub.
	LeaveAfter int
	escaped    bool // it reached the hub through its own escape channel

	// Descend is how many floors below the first the dungeon script goes
	// (--descend): after each boss it takes the way down until it has,
	// then the exit.
	Descend int
	// Portal is which hub portal the dungeon script takes (--portal),
	// counted from 0 in the order the hub lists them and wrapping around:
	// bots spread over several dungeons at once.
	Portal int
	// Clears, when set, is how many dungeons the dungeon script clears
	// (--clears): then it stands in the hub, and a run whose bots all
	// have ends. A floor's XP is measured so, with no floor half played.
	Clears int
}

// NewBot wraps a runtime; seed makes its wandering repeatable.
func NewBot(rt *client.Runtime, name, script string, seed uint64) (*Bot, error) {
	if err := CheckScript(script); err != nil {
		return nil, err
	}
	return &Bot{Name: name, rt: rt, script: script, rng: rand.New(rand.NewPCG(seed, 0x5eed))}, nil
}

// CheckScript says whether s names a script a Bot knows.
func CheckScript(s string) error {
	for _, k := range scripts {
		if k == s {
			return nil
		}
	}
	return fmt.Errorf("unknown bot script %q (known: %v)", s, scripts)
}

// Runtime is the bot's client.
func (b *Bot) Runtime() *client.Runtime { return b.rt }

// Frame runs one update: decide, send, read.
func (b *Bot) Frame() {
	was := b.rt.State()
	_, wasIn := b.rt.Instance()
	b.rt.Frame(b.Intent())
	if _, nowIn := b.rt.Instance(); b.leaving() && wasIn != game.HubDungeon && nowIn == game.HubDungeon {
		b.escaped = true
	}
	switch now := b.rt.State(); {
	case now == client.StatePlaying:
		b.connected = true
		b.character = b.rt.Character().Name
		if cl := b.rt.Class(); cl != nil {
			b.class = cl.ID
		}
	case was == client.StatePlaying && now == client.StateRoster && b.rt.Roster().Cause == wire.CauseDied:
		b.deaths++ // back on the roster; the bot plays its character again
	}
}

// Intent is what the script wants this frame.
func (b *Bot) Intent() client.Intent {
	b.frame++
	self, ok := b.rt.Self()
	if !ok {
		return client.Intent{}
	}
	var in client.Intent
	if b.script == ScriptDungeon {
		in = b.dungeonIntent(self.Pos)
	} else {
		in = b.wander(self.Pos)
		if b.script == ScriptFight {
			b.fight(self.Pos, &in, 1e9, nil)
		}
	}
	b.items.decide(b.rt, self, b.frame, &in)
	in.Ability = b.wantsAbility(self.Pos)
	if b.leaving() {
		in = client.Intent{Aim: in.Aim, Escape: true} // stand and channel: the way out everyone pays
	}
	return in
}

// Abilities: a bot presses its ability, once ready, when this many hostile
// bullets are within abilityReach of its ship.
const (
	abilityCrowd = 4
	abilityReach = 110.0 // u
)

// wantsAbility is the bot's ability rule: a press (never a hold: the
// previous frame's press is let go) when the ability is ready and the
// bullets close in.
func (b *Bot) wantsAbility(pos game.Vec) bool {
	ab, st := b.rt.Ability()
	if ab == nil || st.Cooldown > 0 || b.pressedAbility {
		b.pressedAbility = false
		return false
	}
	pool := b.rt.Bullets()
	near := 0
	for i := range pool.Len() {
		dx, dy := float64(pool.X[i])-pos.X, float64(pool.Y[i])-pos.Y
		if pool.Team[i] == game.TeamEnemy && dx*dx+dy*dy < abilityReach*abilityReach {
			near++
		}
	}
	b.pressedAbility = near >= abilityCrowd
	return b.pressedAbility
}

// leaving says whether the bot's time to leave has come.
func (b *Bot) leaving() bool { return b.LeaveAfter > 0 && b.frame >= b.LeaveAfter }

// wander walks a heading and picks a new one every second or two, or at
// once when a wall has stopped the ship.
func (b *Bot) wander(pos game.Vec) client.Intent {
	stuck := b.frame > 1 && math.Hypot(pos.X-b.lastPos.X, pos.Y-b.lastPos.Y) < 0.5
	b.lastPos = pos
	if b.frame >= b.turnAt || stuck {
		b.heading = b.rng.Float64() * 2 * math.Pi
		b.turnAt = b.frame + 60 + b.rng.IntN(60)
	}
	return client.Intent{MoveX: math.Cos(b.heading), MoveY: math.Sin(b.heading), Aim: b.heading}
}

// fight aims at the nearest enemy within reach, fires, and backs off when
// it is close. It reports whether it found one. With a grid, only enemies
// in line of sight count: one behind a wall would hold the bot strafing
// into it, shooting the wall, while the way round lies unexplored.
func (b *Bot) fight(pos game.Vec, in *client.Intent, reach float64, g *game.Grid) bool {
	side := 1.0
	if (b.frame/strafeFrames)%2 == 1 {
		side = -1
	}
	enemies := b.rt.Enemies()
	if g != nil {
		b.inSight = b.inSight[:0]
		for _, e := range enemies {
			if g.LineClear(pos, e.Pos) {
				b.inSight = append(b.inSight, e)
			}
		}
		enemies = b.inSight
	}
	return Fight(pos, enemies, reach, side, in)
}

// strafeFrames is how long the fight rule strafes one way before turning.
const strafeFrames = 75

// Fight is the fight script's rule, for any caller that can list enemies:
// aim and fire at the nearest living enemy within reach, back away from it
// when it is nearer than FightDistance, and otherwise strafe round it to
// the side (+1 or -1; 0 holds still), as a player dodging aimed shots
// does. It reports whether it found one; without one it leaves in as it
// was.
func Fight(pos game.Vec, enemies []client.Actor, reach, side float64, in *client.Intent) bool {
	best, bestD := game.Vec{}, reach
	found := false
	for _, e := range enemies {
		if e.HP <= 0 {
			continue
		}
		if d := math.Hypot(e.Pos.X-pos.X, e.Pos.Y-pos.Y); d < bestD {
			best, bestD, found = e.Pos, d, true
		}
	}
	if !found {
		return false
	}
	in.Aim = math.Atan2(best.Y-pos.Y, best.X-pos.X)
	in.Fire = true
	if bestD < FightDistance {
		in.MoveX, in.MoveY = -math.Cos(in.Aim), -math.Sin(in.Aim)
	} else if side != 0 {
		in.MoveX, in.MoveY = -math.Sin(in.Aim)*side, math.Cos(in.Aim)*side
	}
	return true
}

// FightDistance is how near (u) the fight rule lets an enemy come before
// it backs away.
const FightDistance = 200

// Report is one bot's summary, printed as a JSON line.
type Report struct {
	Name            string  `json:"name"`
	Connected       bool    `json:"connected"`
	Snapshots       int     `json:"snapshots"`
	Events          int     `json:"events"`
	BulletsSeen     int     `json:"bullets_seen"`
	Corrections     int     `json:"corrections"`
	Snaps           int     `json:"snaps"`
	MeanCorrectionU float64 `json:"mean_correction_u"`
	MaxCorrectionU  float64 `json:"max_correction_u"`
	RTTms           float64 `json:"rtt_ms"`
	Resyncs         int     `json:"resyncs"`
	Redials         int     `json:"redials"`         // joins dialled again because the server went silent on the handshake
	JoinRetries     int     `json:"join_retries"`    // joins the server asked to try again later, dialled again
	JoinMs          float64 `json:"join_ms"`         // from the dial to the first world, retries included (0: never)
	HeldAtUnknown   int     `json:"held_at_unknown"` // frames whose movement waited for a map chunk not yet streamed
	LateInputs      int     `json:"late_inputs"`
	DungeonsEntered int     `json:"dungeons_entered"`
	DungeonsCleared int     `json:"dungeons_cleared"`
	Garbage         int     `json:"garbage"`
	OthersSeen      int     `json:"others_seen"`
	ClockJumps      int     `json:"clock_jumps"`
	HeldFrames      int     `json:"held_frames"`
	HitsTaken       int     `json:"hits_taken"`
	HitsUnseen      int     `json:"hits_unseen"`
	HitsSeenUnder   int     `json:"hits_seen_under_100ms"`
	HitsDrawnAsMiss int     `json:"hits_drawn_as_miss"`
	HitSeenMeanMs   float64 `json:"hit_seen_mean_ms"`
	HitGapMaxU      float64 `json:"hit_gap_max_u"`
	SnapshotLoss    float64 `json:"snapshot_loss"`       // share of the server's snapshots that never arrived, since joining
	SnapshotDeltas  int     `json:"snapshot_deltas"`     // snapshots that came as deltas against one the bot acknowledged
	DeltasNoBase    int     `json:"deltas_without_base"` // deltas dropped: their base had left the bot's ring
	Character       string  `json:"character"`           // the character the bot played: its own, made on its first join
	Class           string  `json:"class"`               // its class's content id ("" before it played)
	AbilitiesUsed   int     `json:"abilities_used"`      // abilities the server confirmed
	Deaths          int     `json:"deaths"`              // deaths in a dungeon, each a trip back to the roster
	ItemsPicked     int     `json:"items_picked"`        // pickups the server confirmed
	ItemsUsed       int     `json:"items_used"`          // potions and rations the server confirmed used
	ItemsDropped    int     `json:"items_dropped"`       // drops the server confirmed (a full bag over something new)
	XP              int     `json:"xp"`                  // XP into the current level, as the server last said
	Level           int     `json:"level"`
	XPKills         int     `json:"xp_kills"`  // XP earned from kills, as the server's sheets said
	XPClears        int     `json:"xp_clears"` // XP earned from clears: a boss's reward to those who fought it
	Escaped         bool    `json:"escaped"`   // it held ESCAPE (--leave-after) and reached the hub
	Deepest         int     `json:"deepest"`   // the deepest dungeon floor it stood on (0: none)
	Descents        int     `json:"descents"`  // ways down it took
	Died            bool    `json:"died"`      // its character died in a dungeon at least once
	Error           string  `json:"error"`
}

// Report summarises the bot so far.
func (b *Bot) Report() Report {
	s := b.rt.Stats()
	rep := Report{
		Name: b.Name, Connected: b.connected,
		Snapshots: s.Snapshots, Events: s.Events, BulletsSeen: s.BulletsSeen,
		Corrections: s.Corrections, Snaps: s.Snaps,
		MeanCorrectionU: round3(s.MeanCorrection()), MaxCorrectionU: round3(s.MaxCorrection),
		RTTms:   round3(float64(b.rt.Net().RTT) / float64(time.Millisecond)),
		Resyncs: s.Resyncs, Redials: s.Redials, JoinRetries: s.JoinRetries, JoinMs: round3(float64(s.JoinTime) / float64(time.Millisecond)), HeldAtUnknown: s.HeldAtUnknown, LateInputs: s.LateInputs, Garbage: s.Garbage, OthersSeen: b.rt.OthersSeen(),
		DungeonsEntered: b.dungeon.entered, DungeonsCleared: b.dungeon.cleared,
		ClockJumps: s.ClockJumps, HeldFrames: s.HeldFrames,
		HitsTaken: s.Hits.Taken, HitsUnseen: s.Hits.Unseen, HitsSeenUnder: s.Hits.SeenUnder,
		HitsDrawnAsMiss: s.Hits.DrawnAsMiss, HitSeenMeanMs: round3(s.Hits.MeanSeenMs()), HitGapMaxU: round3(s.Hits.MaxGap),
		SnapshotLoss:   round3(s.LossShare()),
		SnapshotDeltas: s.SnapshotDeltas, DeltasNoBase: s.DeltasWithoutBase,
		Character: b.character, Deaths: b.deaths, AbilitiesUsed: s.AbilitiesUsed, Class: b.class,
		ItemsPicked: b.items.picked, ItemsUsed: b.items.used, ItemsDropped: b.items.dropped,
		Escaped: b.escaped, Died: b.deaths > 0,
		Deepest: b.dungeon.deepest, Descents: b.dungeon.descents,
	}
	if sh := b.rt.Sheet(); sh.Known {
		rep.XP, rep.Level = sh.XP, sh.Level
	}
	rep.XPKills, rep.XPClears = b.rt.XPEarned()
	if err := b.rt.Err(); err != nil {
		rep.Error = err.Error()
	} else if !b.connected {
		rep.Error = "never joined the game"
	}
	return rep
}

// Failed says whether the bot failed to connect or was dropped.
func (r Report) Failed() bool { return r.Error != "" }

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// RunBots connects n bots to addr, runs them at 60 frames a second for d
// (or until ctx ends) and returns their reports. Bots are named
// prefix-1…prefix-n.
func RunBots(ctx context.Context, addr string, n int, script, prefix string, d time.Duration) ([]Report, error) {
	return RunBotsLeaving(ctx, addr, n, script, prefix, d, 0)
}

// RunBotsLeaving is RunBots with bots that hold ESCAPE from leaveAfter on
// (0: never).
func RunBotsLeaving(ctx context.Context, addr string, n int, script, prefix string, d, leaveAfter time.Duration) ([]Report, error) {
	return RunBotsWith(ctx, addr, n, script, prefix, d, Options{LeaveAfter: leaveAfter})
}

// Options are the command line's habits for a run of bots.
type Options struct {
	LeaveAfter time.Duration // hold ESCAPE from then on (0: never)
	Descend    int           // floors below the first a dungeon bot goes
	Portal     int           // the hub portal a dungeon bot takes
	Clears     int           // dungeons a dungeon bot clears before it stands in the hub (0: no end)
	Class      string        // the class each bot's character is made with ("" the content's first)
	Password   string        // the game's password, sent in each bot's Hello ("" for a game with none)
	// Content is what the bots play (--content DIR): the server's, or it
	// refuses them. nil means the built-in content.
	Content *game.Content
}

// JoinStagger is the pause between one bot's dial and the next: bots on
// one machine share its address, and a server lets only so many join from
// one address at once (server.MaxPendingPerAddr); the rest are told to try
// again later, and do.
const JoinStagger = 50 * time.Millisecond

// RunBotsWith is RunBots with the options' habits.
func RunBotsWith(ctx context.Context, addr string, n int, script, prefix string, d time.Duration, o Options) ([]Report, error) {
	if o.Content == nil {
		pack, err := levels.Builtin()
		if err != nil {
			return nil, err
		}
		o.Content = pack.Content
	}
	bots := make([]*Bot, 0, n)
	defer func() { closeBots(bots) }() // the bots dialled so far, on every return
	for i := range n {
		name := Name(prefix, i)
		rt, err := client.Dial(addr, client.Config{Content: o.Content, Name: name, Token: tokenFor(name), Class: o.Class, Password: o.Password})
		if err != nil {
			return nil, err
		}
		b, err := NewBot(rt, name, script, uint64(i+1))
		if err != nil {
			rt.Close()
			return nil, err
		}
		b.LeaveAfter = int(o.LeaveAfter * game.TickRate / time.Second)
		b.Descend, b.Portal, b.Clears = o.Descend, o.Portal, o.Clears
		bots = append(bots, b)
		if i < n-1 {
			DriveBots(ctx, bots, JoinStagger) // the ones dialled so far go on joining
		}
	}
	DriveBots(ctx, bots, d)
	reports := make([]Report, len(bots))
	for i, b := range bots {
		reports[i] = b.Report()
	}
	return reports, nil
}

// closeBots closes every bot's runtime at once and waits for all of them:
// each goodbye may wait up to a second for the server's acknowledgement,
// and n of them one after the other would hold the process for n seconds.
func closeBots(bots []*Bot) {
	var wg sync.WaitGroup
	for _, b := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.rt.Close()
		}()
	}
	wg.Wait()
}

// DriveBots runs bots at 60 frames a second for d or until ctx ends. It
// keeps the pace on average: a late wake-up runs the frames it missed, as a
// game loop with a fixed timestep does, so the bots' clocks do not fall
// behind the server's.
func DriveBots(ctx context.Context, bots []*Bot, d time.Duration) {
	const frame = time.Second / game.TickRate
	start := time.Now()
	end := start.Add(d)
	next := start
	for {
		now := time.Now()
		if !now.Before(end) || ctx.Err() != nil || allDone(bots) {
			return
		}
		for runs := 0; !now.Before(next) && runs < game.TickRate/4; runs++ {
			for _, b := range bots {
				b.Frame()
			}
			next = next.Add(frame)
		}
		if now.Sub(next) > time.Second/4 {
			next = now // far behind (a stall): resume rather than race
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Until(next)):
		}
	}
}

// allDone says whether every bot's connection has ended (the server shut
// down, say) or every bot has made its clears: then there is nothing left
// to drive, and the run reports at once instead of waiting out its
// duration.
func allDone(bots []*Bot) bool {
	for _, b := range bots {
		if st := b.rt.State(); st != client.StateFailed && st != client.StateClosed && !b.clearsMade() {
			return false
		}
	}
	return len(bots) > 0
}

// clearsMade says whether the dungeon script has cleared the dungeons it
// was asked to (Clears).
func (b *Bot) clearsMade() bool { return b.Clears > 0 && b.dungeon.cleared >= b.Clears }

// Name is the name of bot i (from 0) of a run whose names start prefix.
func Name(prefix string, i int) string { return fmt.Sprintf("%s-%d", prefix, i+1) }

// CheckNames says in words why n bots named from prefix could not all
// join, or nil: each name must be one a Hello carries (wire.ValidName), or
// the bot would fail only at its join. The last name is the longest.
func CheckNames(prefix string, n int) error {
	if n < 1 {
		return nil
	}
	last := Name(prefix, n-1)
	switch err := wire.ValidName(last); {
	case errors.Is(err, wire.ErrTooLarge):
		return fmt.Errorf("with %d bots the last is named %q, %d bytes, and a name is at most %d: use a prefix of at most %d bytes",
			n, last, len(last), wire.MaxNameLen, wire.MaxNameLen-(len(last)-len(prefix)))
	case err != nil:
		return fmt.Errorf("the bots would be named %q and on, which is no player's name: no control characters, no space at either end", Name(prefix, 0))
	}
	return nil
}

// tokenFor derives a bot's account token from its name, so a bot keeps its
// account between runs (docs/OPERATIONS.md, "The bot report").
func tokenFor(name string) [16]byte {
	var t [16]byte
	h := uint64(14695981039346656037)
	for i := range 16 {
		for _, c := range []byte(name) {
			h = (h ^ uint64(c)) * 1099511628211
		}
		h = (h ^ uint64(i)) * 1099511628211
		t[i] = byte(h >> 56)
	}
	return t
}
