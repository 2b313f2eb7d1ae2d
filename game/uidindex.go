package game

// uidIndex maps a bullet uid to its slot in a BulletPool: open addressing
// with linear probing and backward-shift deletion, so lookups, inserts and
// removals never allocate once the table has grown to fit the live count.
type uidIndex struct {
	keys  []uint32
	slots []int32 // -1 marks an empty bucket
	shift uint32  // 32 - log2(len(keys)), for Fibonacci hashing
	n     int
}

// init sizes the table for capacity live entries at most half full.
func (x *uidIndex) init(capacity int) {
	size, bits := 16, uint32(4)
	for size < 2*capacity {
		size, bits = size*2, bits+1
	}
	x.keys = make([]uint32, size)
	x.slots = make([]int32, size)
	for i := range x.slots {
		x.slots[i] = -1
	}
	x.shift = 32 - bits
	x.n = 0
}

// home is a key's first bucket. UIDs are sequential, and the golden-ratio
// multiply spreads them across the table.
func (x *uidIndex) home(k uint32) int { return int((k * 0x9E3779B1) >> x.shift) }

func (x *uidIndex) mask() int { return len(x.keys) - 1 }

// find returns the bucket holding k, or -1.
func (x *uidIndex) find(k uint32) int {
	for i := x.home(k); ; i = (i + 1) & x.mask() {
		if x.slots[i] < 0 {
			return -1
		}
		if x.keys[i] == k {
			return i
		}
	}
}

// get returns k's slot.
func (x *uidIndex) get(k uint32) (int, bool) {
	if b := x.find(k); b >= 0 {
		return int(x.slots[b]), true
	}
	return 0, false
}

// put inserts or updates k, growing the table past half full.
func (x *uidIndex) put(k uint32, slot int) {
	if b := x.find(k); b >= 0 {
		x.slots[b] = int32(slot)
		return
	}
	if 2*(x.n+1) > len(x.keys) {
		x.grow()
	}
	i := x.home(k)
	for x.slots[i] >= 0 {
		i = (i + 1) & x.mask()
	}
	x.keys[i], x.slots[i] = k, int32(slot)
	x.n++
}

// del removes k, shifting later members of its probe run back so no
// tombstones are needed.
func (x *uidIndex) del(k uint32) {
	i := x.find(k)
	if i < 0 {
		return
	}
	for j := i; ; {
		j = (j + 1) & x.mask()
		if x.slots[j] < 0 {
			break
		}
		if h := x.home(x.keys[j]); cyclicBetween(i, h, j) {
			continue // j's entry is still reachable from its home
		}
		x.keys[i], x.slots[i] = x.keys[j], x.slots[j]
		i = j
	}
	x.slots[i] = -1
	x.n--
}

// cyclicBetween reports whether h lies in the cyclic interval (i, j].
func cyclicBetween(i, h, j int) bool {
	if i <= j {
		return i < h && h <= j
	}
	return i < h || h <= j
}

// grow doubles the table and reinserts every entry.
func (x *uidIndex) grow() {
	keys, slots := x.keys, x.slots
	x.init(len(keys))
	for i, s := range slots {
		if s >= 0 {
			x.put(keys[i], int(s))
		}
	}
}
