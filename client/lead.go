package client

import (
	"math"

	"duskfall/game"
	"duskfall/net/wire"
)

// leadController numbers input frames ahead of the server.
//
// est is the client's estimate of the server's current tick, kept as a
// filtered offset from the client's own frame count: every new snapshot is
// a sample (its tick minus the frames taken so far), and the offset follows
// the samples both ways, smoothly under jitter and at once after a jump
// (a stalled server, a hitch, a clock that drifted) that two snapshots in a
// row confirm. On a listen server the samples never vary and the estimate
// is exact. A frame must reach the server before it simulates that tick,
// so frames are numbered est + 1 + the round trip in ticks + a jitter
// margin. On a listen server (no round trip) the lead is exactly 1: the
// frame sampled this update is consumed by this update's server step, so
// the host's ship is never a tick ahead of the authoritative one.
//
// The lead drifts when the client's frames and the server's ticks do not
// keep the same pace, or when the estimate moves. A lead grown too long is
// shortened by holding back frames, every other update until it is right
// again; a lead too short is lengthened by sending two frames in one
// update, both with this update's intent and both predicted. Either way the
// numbering never steps back (the server would keep the frames it already
// has under those numbers) and never has a gap the server would coast
// through while the client predicted nothing.
//
// Two bounds hold on every frame, whatever the estimate says (lowest and
// highest): a frame is never numbered far below what the server will have
// consumed when it arrives, where it would be late or refused as a replay;
// and never more than the lead wanted plus quietSlack beyond the newest
// snapshot's tick, nor beyond what the server accepts. When the server goes
// quiet (stalled, or the link is down) the second bound holds frames back
// instead of sending ones it would refuse or that would only lengthen the
// lead.
//
// The margin over the round trip adapts: a snapshot whose acknowledged
// input is older than its tick says the frame for that tick arrived too
// late (the server coasted through it), so the margin grows by a tick; a
// long run of snapshots with every frame on time lets it shrink back. A
// jittery network or a loaded machine costs a little more latency instead
// of a correction every few seconds.
type leadController struct {
	frame    uint32  // frames taken: the client's own clock
	offset   float64 // filtered (server tick − frame)
	est      uint32  // server tick estimate: frame + offset, rounded
	newest   uint32  // tick of the newest snapshot
	jumpRun  int     // snapshots in a row whose sample jumped from the offset
	next     uint32  // number of the next frame to send
	extra    uint32  // frames to send on top of the next one, to lengthen the lead
	margin   uint32  // ticks of lead beyond the round trip
	onTime   int     // snapshots in a row with the frame for their tick consumed
	late     int     // snapshots that showed a frame arriving too late
	first    uint32  // the first frame number sent, 0 before any
	synced   bool
	excess   int     // frames still to hold back, to shorten the lead
	filling  bool    // lengthening the lead, until it is want
	calm     int     // snapshots to wait after a jump or re-sync before adapting the margin
	rtt      float64 // the round trip in ticks, as last measured
	jitter   float64 // mean distance of the snapshots' samples from the offset, in ticks
	loss     float64 // the path's loss, 0 to 1, as the snapshots measure it (the runtime sets it)
	want     uint32  // the lead wanted at the last snapshot
	resyncs  int
	jumps    int    // offset jumps taken
	held     int    // frames held back because the server went quiet
	lastAck  uint32 // the newest acknowledged input tick
	ackFrame uint32 // the frame count when lastAck arrived
	stallCnt int
	// What the stall backstop weighs: the margin and the newest delta base
	// when the acknowledgement last moved, the newest delta base since (the
	// snapshot the server last took as heard from the client), and whether
	// the backstop found the client's frames missing rather than late.
	ackMargin uint32
	ackBase   uint32
	base      uint32
	missing   bool
}

// The client's lead band, in ticks (NETCODE.md, "Input"): below
// InputLeadMin the lead is re-synced (1 is exact on a listen server), and
// the lead aimed for never passes InputLeadMax (a 300 ms round trip with
// its margin). TestInputTimingOrdering keeps both inside the server's
// window, game.InputMaxLead.
const (
	InputLeadMin       = 1
	InputLeadMax       = 30
	InputAckStallLimit = 10 // snapshots without the acknowledgement moving before a hard re-sync
)

// Margins over the round trip, in ticks: the least kept, the most grown
// to, and how many on-time snapshots in a row (5 s) earn a tick back.
const (
	jitterMargin   = 2
	maxMargin      = 8
	marginDecayRun = 100
)

// The margin is also never less than jitterCover times the jitter the
// client measures: how far, on average, each snapshot's sample lands from
// the filtered offset (a moving mean over about a second of snapshots,
// jitterGain). The frames cross the same path the snapshots do, and a
// margin that only grows after a frame was late lets the tails of a
// jittery path through a few times a minute (docs/NETCODE.md, "Late
// inputs under jitter"). On a steady path the mean is a quarter of a tick
// or less and jitterMargin holds.
const (
	jitterCover = 6
	jitterGain  = 0.05
)

// unmeasuredJitter is the jitter assumed of a path not yet measured, in
// ticks: the mean settles within a few seconds of snapshots, and the
// frames of those first seconds would otherwise go with the least margin
// whatever the path (every late frame at 20 % loss came in them).
const unmeasuredJitter = 0.5

// marginNow is the margin the lead is aimed with: the adapted one, or
// what the measured jitter or loss asks for, whichever is most.
func (c *leadController) marginNow() uint32 {
	byJitter := uint32(math.Ceil(jitterCover * c.jitter))
	return min(max(c.margin, byJitter, carriersFor(c.loss)), maxMargin)
}

// frameLossTarget is the share of frames the margin lets a lossy path take
// from the server: each packet carries the newest InputRedundancy frames,
// so a frame reaches the server in time unless every packet sent while
// the margin lasts is lost, one packet a tick.
const frameLossTarget = 1e-3

// carriersFor is how many packets in a row must carry a frame for the path
// to lose it less often than frameLossTarget: the ticks of margin that
// loss asks for (5 at 20 %, 3 at 5 %, 2 at 1 %; docs/NETCODE.md, "Late
// inputs under jitter"). No more than a packet's frames ever count.
func carriersFor(loss float64) uint32 {
	k := uint32(1)
	for p := loss; p > frameLossTarget && k < game.InputRedundancy; p *= loss {
		k++
	}
	return k
}

// quietSlack is how far past the lead wanted the client keeps numbering
// frames while no snapshot arrives: 200 ms, covering a lost snapshot or
// two and a short stall the server catches up on.
const quietSlack = 12

// calmSnapshots is how long after a jump or a re-sync the margin does not
// adapt: the frames a fault made late say nothing about the network.
const calmSnapshots = 10

// Offset filter: a sample further than offsetJump from the offset, twice
// in a row, moves it at once; a nearer one moves it by offsetGain of the
// difference, which averages jitter out over a few snapshots.
const (
	offsetJump = 2 * wire.SnapshotInterval
	offsetGain = 0.5
)

// maxFill is how many frames one update may add to lengthen the lead: every
// input packet carries the last InputRedundancy frames, so a fill this
// size still reaches the server whole.
const maxFill = game.InputRedundancy - 1

func targetLead(rttTicks float64, margin uint32) uint32 {
	if rttTicks <= 0 {
		return 1
	}
	lead := 1 + uint32(math.Ceil(rttTicks)) + max(margin, jitterMargin)
	return min(max(lead, InputLeadMin), InputLeadMax)
}

// adapt grows the margin when the frame for a snapshot's tick was not
// there in time, and shrinks it after a long run of frames that were.
func (c *leadController) adapt(tick, lastInput uint32) {
	if c.missing {
		return // frames lost on the way say nothing of how early they must leave
	}
	if lastInput == tick {
		c.onTime++
		if c.onTime >= marginDecayRun && c.margin > jitterMargin {
			c.margin--
			c.onTime = 0
		}
		return
	}
	c.late++
	c.onTime = 0
	c.margin = min(max(c.margin, jitterMargin)+1, maxMargin)
}

// estimate is the server tick estimate with its fraction, for drawing
// remote actors smoothly.
func (c *leadController) estimate() float64 { return float64(c.frame) + c.offset }

// follow moves the offset toward a snapshot's sample.
func (c *leadController) follow(tick uint32) {
	sample := float64(int32(tick - c.frame))
	diff := sample - c.offset
	if math.Abs(diff) <= offsetJump {
		c.jumpRun = 0
		c.jitter += (math.Abs(diff) - c.jitter) * jitterGain
		c.offset += diff * offsetGain
	} else if c.jumpRun++; c.jumpRun >= 2 {
		c.jumpRun = 0
		c.jumps++
		c.calm = calmSnapshots
		c.offset = sample
	}
	c.est = c.frame + uint32(int32(math.Round(c.offset)))
}

// onSnapshot takes a snapshot newer than any before: it moves the
// estimate, then checks the lead and the acknowledgement for drift. Every
// new snapshot runs every check.
func (c *leadController) onSnapshot(tick, lastInput uint32, rttTicks float64) {
	if !c.synced {
		c.offset = float64(int32(tick - c.frame))
		c.est, c.newest = tick, tick
		c.synced = true
		c.jitter = max(c.jitter, unmeasuredJitter)
		c.want = targetLead(rttTicks, c.margin)
		c.lastAck, c.ackFrame = lastInput, c.frame
		c.ackMargin, c.ackBase = c.margin, c.base
		c.resync(targetLead(rttTicks, c.margin))
		return
	}
	c.newest, c.rtt = tick, rttTicks
	c.follow(tick)
	if c.calm > 0 {
		c.calm--
	} else if rttTicks > 0 && c.first != 0 && int32(lastInput-c.first) >= 0 {
		c.adapt(tick, lastInput) // once the server consumes our frames at all
	}
	want := targetLead(rttTicks, c.marginNow())
	c.want = want
	if c.jumpRun > 0 {
		return // the estimate is in doubt until the next snapshot confirms the jump or not
	}
	lead := int32(c.next + c.extra - c.est)
	// Outside the band around want the lead is corrected, all the way to
	// want, so a correction does not stop at the band's edge and leave the
	// lead there for good. Soon after a fault (a jump, a re-sync, skipped
	// numbers) there is no band: the fault, not jitter, moved the lead.
	band := int32(jitterMargin)
	if c.calm > 0 {
		band = 0
	}
	shrinking := c.excess > 0
	c.excess = 0
	switch {
	case lead < 1:
		c.filling = false
		c.resync(want)
	case lead > int32(want)+band, shrinking && lead > int32(want):
		c.excess = int(lead - int32(want))
	case lead < int32(want)-band, c.filling && lead < int32(want):
		c.filling = true
		if c.extra < maxFill {
			c.extra++
		}
	default:
		c.filling = false
	}
	c.checkStall(lastInput, want)
}

// checkStall is the backstop: a lead that looks right to the client can
// still be outside the server's window, and then nothing is acknowledged.
//
// While nothing is acknowledged every snapshot also reads as a frame come
// too late, and adapt grows the margin a tick a snapshot. That is right
// when the frames arrive late, and wrong when they do not arrive at all
// (the client's uplink dropped out for a second): then the stall leaves a
// lead up to maxMargin ticks too long, which the margin gives back a tick
// every 5 s. Which it was, the snapshot deltas say: the server builds each
// on the newest snapshot the client acknowledged that it heard, so while
// its base moves the client's packets arrive, late, and while it stands
// still they do not. The backstop gives back the margin a stall grew when
// the server heard nothing since the acknowledgement last moved, and the
// margin stays as it is until a frame is acknowledged again
// (TestAFrozenAcknowledgementHealsTheLead; docs/NETCODE.md, "Input").
func (c *leadController) checkStall(lastInput, want uint32) {
	if lastInput != c.lastAck {
		c.lastAck, c.ackFrame, c.stallCnt = lastInput, c.frame, 0
		c.ackMargin, c.ackBase, c.missing = c.margin, c.base, false
		return
	}
	c.stallCnt++
	if c.stallCnt < InputAckStallLimit {
		return
	}
	c.stallCnt = 0
	c.missing = c.base == c.ackBase // nothing of the client's heard since
	if c.missing && c.margin > c.ackMargin {
		c.margin = c.ackMargin
		want = targetLead(c.rtt, c.marginNow())
		c.want = want
	}
	c.resync(want)
}

// heard notes the base of a snapshot delta: the newest snapshot the
// server had heard the client acknowledge when it built the delta.
func (c *leadController) heard(base uint32) {
	if int32(base-c.base) > 0 {
		c.base = base
	}
}

// resync sets the lead to want. A small step forward is filled with frames
// like any lengthening; a larger one, or a step back (only the stall
// detector's backstop asks for one), renumbers.
func (c *leadController) resync(want uint32) {
	next := max32(c.est+want, c.lowest())
	if gap := int32(next - c.next); c.resyncs > 0 && gap > 0 && gap <= maxFill {
		c.extra = uint32(gap)
	} else {
		c.next, c.extra = next, 0
	}
	c.resyncs++
	c.calm = calmSnapshots
}

// lowest is the first number the server will not have consumed by the
// time a frame sent now arrives: the newest acknowledgement, plus one for
// every frame since it arrived, plus the round trip (the acknowledgement
// took half of it to come, the frame takes the other half to go).
func (c *leadController) lowest() uint32 {
	if c.lastAck == 0 {
		return c.est + 1
	}
	return c.lastAck + 1 + (c.frame - c.ackFrame) + uint32(math.Ceil(c.rtt))
}

// highest is the last number worth sending: at most the lead wanted plus
// quietSlack beyond the newest snapshot's tick, and never past what the
// server will certainly accept (its tick never goes back, so the newest
// snapshot's tick plus InputMaxLead). A server that has gone quiet for
// longer than the slack is stalled or cut off; frames sent into the
// silence would only lengthen the lead it must be brought back from.
func (c *leadController) highest() uint32 {
	return c.newest + min(c.want+quietSlack, game.InputMaxLead)
}

func min32(a, b uint32) uint32 {
	if int32(a-b) <= 0 {
		return a
	}
	return b
}

func max32(a, b uint32) uint32 {
	if int32(a-b) >= 0 {
		return a
	}
	return b
}

// take returns the numbers of this update's frames, first to first+n-1:
// usually one, none while a frame is held back, more while the lead is
// being lengthened. It advances the client's clock by the one tick the
// server steps each update.
func (c *leadController) take() (first uint32, n int) {
	defer func() {
		c.frame++
		c.est++
	}()
	if !c.synced {
		return 0, 0
	}
	if c.excess > 0 && c.frame%2 == 0 {
		c.excess-- // every other update, so the ship keeps moving while the lead shrinks
		return 0, 0
	}
	// Far below lowest, numbers would arrive too late or be refused as
	// replays: a fault put them there, so skip them. A tick or two short is
	// the lead's to lengthen. Never past highest: a server that has gone
	// quiet has not consumed anything.
	if low := min32(max32(c.lowest(), c.est+1), c.highest()+1); int32(low-c.next) > jitterMargin {
		c.next = low
		c.calm = calmSnapshots
	}
	n = 1 + int(c.extra)
	if int32(c.next+uint32(n)-1-c.highest()) > 0 {
		n = int(int32(c.highest() - c.next + 1))
		if n <= 0 {
			c.held++ // the server has gone quiet: a frame now would be refused
			return 0, 0
		}
	}
	first = c.next
	if c.first == 0 {
		c.first = first
	}
	c.next += uint32(n)
	c.extra = 0
	return first, n
}

// shift moves the client's clock by ticks, numbering included: the drift
// diagnostic injects the error a drifting clock would build up.
func (c *leadController) shift(ticks int32) {
	c.offset += float64(ticks)
	c.est += uint32(ticks)
	c.next += uint32(ticks)
}
