package netsim

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// DefaultReorderDelay is how long a reordered packet is held back when
// Config.ReorderDelay is zero: a bit more than one 60 Hz tick, so the next
// tick's packets overtake it.
const DefaultReorderDelay = 20 * time.Millisecond

// ErrConfig reports an impossible impairment.
var ErrConfig = errors.New("netsim: invalid config")

// Config describes the impairment. Rates are percentages from 0 to 100.
type Config struct {
	Loss    float64       // packets dropped
	Dup     float64       // packets delivered twice
	Reorder float64       // packets held back by ReorderDelay so later ones overtake them
	Latency time.Duration // added one-way delay
	Jitter  time.Duration // the delay varies uniformly within ±Jitter (never below zero)
	// ReorderDelay is the extra hold of a reordered packet; zero means
	// DefaultReorderDelay.
	ReorderDelay time.Duration
	Seed         uint64
}

// Validate reports rates outside [0, 100] and negative durations.
func (c Config) Validate() error {
	for _, r := range []struct {
		name string
		v    float64
	}{{"loss", c.Loss}, {"dup", c.Dup}, {"reorder", c.Reorder}} {
		if !(r.v >= 0 && r.v <= 100) { // also catches NaN
			return fmt.Errorf("%w: %s %v%% not in [0, 100]", ErrConfig, r.name, r.v)
		}
	}
	if c.Latency < 0 || c.Jitter < 0 || c.ReorderDelay < 0 {
		return fmt.Errorf("%w: negative duration", ErrConfig)
	}
	return nil
}

// Stats count what the impairment did.
type Stats struct {
	In         uint64 // packets offered
	Dropped    uint64 // lost on purpose
	Duplicated uint64 // delivered a second time
	Reordered  uint64 // held back to be overtaken
	Delivered  uint64 // copies handed out by Pop, duplicates included
}

// Sim is the impairment core: packets of any type M in, scheduled
// deliveries out. Time is whatever monotonic clock the caller passes in.
// It is not safe for concurrent use.
type Sim[M any] struct {
	cfg   Config
	rng   *rand.Rand
	queue schedule[M]
	seq   uint64
	stats Stats
}

// NewSim returns a core for cfg, which must be valid.
func NewSim[M any](cfg Config) (*Sim[M], error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.ReorderDelay == 0 {
		cfg.ReorderDelay = DefaultReorderDelay
	}
	return &Sim[M]{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9E3779B97F4A7C15))}, nil
}

// Push offers a packet sent at now. It is dropped, or scheduled once or
// twice.
func (s *Sim[M]) Push(now time.Duration, m M) {
	s.stats.In++
	if s.chance(s.cfg.Loss) {
		s.stats.Dropped++
		return
	}
	delay := s.delay()
	if s.chance(s.cfg.Reorder) {
		s.stats.Reordered++
		delay += s.cfg.ReorderDelay
	}
	s.schedule(now+delay, m)
	if s.chance(s.cfg.Dup) {
		s.stats.Duplicated++
		s.schedule(now+s.delay(), m) // the copy takes its own path
	}
}

// Next reports when the earliest scheduled delivery is due.
func (s *Sim[M]) Next() (time.Duration, bool) {
	if len(s.queue) == 0 {
		return 0, false
	}
	return s.queue[0].at, true
}

// Pop appends every delivery due at or before now to dst, earliest first;
// deliveries due at the same time keep the order they were scheduled in.
func (s *Sim[M]) Pop(now time.Duration, dst []M) []M {
	for len(s.queue) > 0 && s.queue[0].at <= now {
		dst = append(dst, s.queue.pop().m)
		s.stats.Delivered++
	}
	return dst
}

// Len is the number of deliveries still scheduled.
func (s *Sim[M]) Len() int { return len(s.queue) }

// Stats returns the counters so far.
func (s *Sim[M]) Stats() Stats { return s.stats }

// chance is true with probability pct percent.
func (s *Sim[M]) chance(pct float64) bool {
	return pct > 0 && s.rng.Float64()*100 < pct
}

// delay draws the latency of one copy: Latency plus uniform jitter.
func (s *Sim[M]) delay() time.Duration {
	d := s.cfg.Latency
	if j := s.cfg.Jitter; j > 0 {
		d += time.Duration(s.rng.Int64N(int64(2*j)+1)) - j
	}
	return max(d, 0)
}

func (s *Sim[M]) schedule(at time.Duration, m M) {
	s.queue.push(entry[M]{at: at, seq: s.seq, m: m})
	s.seq++
}
