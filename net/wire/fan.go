package wire

// fanFit finds a fan's step and phase as its bullets come in, one sibling
// at a time. Bullet i of a fan (i = 0 is the bullet before it, at aim a0)
// has the aim a0 + d_i, and the fan says d_i = ⌊(i·step + phase) / 2^16⌋.
// For every pair i < j of the bullets so far that asks, with the phase
// eliminated, (d_j − d_i − 1)·2^16 < (j − i)·step < (d_j − d_i + 1)·2^16.
// A bullet that the step and phase already chosen give back is taken as it
// is. One they miss refits (fit): the integer steps the pairs allow make
// one interval; its middle is the likeliest to fit the bullets still to
// come, and the phase is the middle of what that step allows. The pairs
// from the first bullet and to the newest are tried first, every pair
// (k²/2 steps for a fan of k) only when those leave no phase, and no refit
// past maxRefit bullets. A bullet that leaves no step ends the fan; the
// encoder writes it as a sibling and starts again. All in fixed arrays:
// nothing allocates.
type fanFit struct {
	live  bool
	at    int                  // where the fan's event (a lone sibling while n is 1) starts
	n     int                  // bullets in the fan
	d     [maxRefit + 1]uint32 // each bullet's aim from a0, unwrapped, while a refit may need it: d[0] is 0
	last  uint32               // the newest bullet's
	step  uint32
	phase uint16
}

// maxFan is the most bullets one fan carries: its count is a byte.
const maxFan = 255

const fanOne = 1 << 16 // 1.0 in the fan's fixed point

// maxRefit is the longest fan a missed bullet refits: past it a miss ends
// the fan, which bounds a refit at about 2,000 steps.
const maxRefit = 64

func (f *fanFit) open() bool { return f.live }
func (f *fanFit) close()     { f.live = false }

// start opens a fan at offset at, its first bullet turned by turn from
// the bullet before it.
func (f *fanFit) start(at int, turn uint16) {
	f.live, f.at, f.n, f.last = true, at, 0, 0
	f.extend(turn)
}

// extend adds a bullet turned by turn from the fan's last one, when a step
// and phase exist that give back every bullet so far. Most bullets of an
// even spread fall where the step and phase already chosen put them and
// cost one multiplication; the others refit from every pair.
func (f *fanFit) extend(turn uint16) bool {
	if f.n >= maxFan {
		return false
	}
	k := f.n + 1
	dk := f.last + uint32(turn)
	if f.n > 0 && fanOffset(k, f.step, f.phase) == dk {
		if k <= maxRefit {
			f.d[k] = dk
		}
		f.n, f.last = k, dk
		return true
	}
	if k > maxRefit {
		return false
	}
	f.d[k] = dk
	// The pairs with the widest spans bound the step tightest: try the
	// steps those from the first bullet and to the newest allow, and fall
	// back to every pair only when that step leaves no phase.
	if step, phase, ok := f.fit(k, false); ok {
		f.n, f.last, f.step, f.phase = k, dk, step, phase
		return true
	}
	if step, phase, ok := f.fit(k, true); ok {
		f.n, f.last, f.step, f.phase = k, dk, step, phase
		return true
	}
	return false
}

// fit finds a step in the middle of what the pairs of bullets 0..k allow
// (all of them, or those from bullet 0 and to bullet k) and a phase in the
// middle of what that step allows with every bullet.
func (f *fanFit) fit(k int, allPairs bool) (uint32, uint16, bool) {
	lo, hi := int64(0), int64(1<<32-1)
	pair := func(i, j int) {
		gap, span := int64(f.d[j]-f.d[i]), int64(j-i)
		lo = max(lo, floorDiv((gap-1)*fanOne, span)+1)
		hi = min(hi, ceilDiv((gap+1)*fanOne, span)-1)
	}
	if allPairs {
		for j := 1; j <= k; j++ {
			for i := range j {
				pair(i, j)
			}
		}
	} else {
		for j := 1; j <= k; j++ {
			pair(0, j)
		}
		for i := 1; i < k; i++ {
			pair(i, k)
		}
	}
	if lo > hi {
		return 0, 0, false
	}
	step := lo + (hi-lo)/2
	phaseLo, phaseHi := int64(0), int64(fanOne) // phaseHi excluded
	for i := 1; i <= k; i++ {
		d := int64(f.d[i])
		phaseLo = max(phaseLo, d*fanOne-int64(i)*step)
		phaseHi = min(phaseHi, (d+1)*fanOne-int64(i)*step)
	}
	if phaseLo >= phaseHi {
		return 0, 0, false
	}
	return uint32(step), uint16(phaseLo + (phaseHi-1-phaseLo)/2), true
}

// fanOffset is bullet i's aim from a0 in a fan of step and phase,
// unwrapped; fanTurn is the same on the circle.
func fanOffset(i int, step uint32, phase uint16) uint32 {
	return uint32((uint64(i)*uint64(step) + uint64(phase)) >> 16)
}

func fanTurn(i int, step uint32, phase uint16) uint16 { return uint16(fanOffset(i, step, phase)) }

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }
