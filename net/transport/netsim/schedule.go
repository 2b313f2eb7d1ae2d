package netsim

import "time"

// entry is one scheduled delivery; seq breaks ties in scheduling order.
type entry[M any] struct {
	at  time.Duration
	seq uint64
	m   M
}

func (e entry[M]) before(o entry[M]) bool {
	return e.at < o.at || (e.at == o.at && e.seq < o.seq)
}

// schedule is a binary min-heap of deliveries.
type schedule[M any] []entry[M]

func (h *schedule[M]) push(e entry[M]) {
	*h = append(*h, e)
	q := *h
	for i := len(q) - 1; i > 0; {
		parent := (i - 1) / 2
		if !q[i].before(q[parent]) {
			break
		}
		q[i], q[parent] = q[parent], q[i]
		i = parent
	}
}

func (h *schedule[M]) pop() entry[M] {
	q := *h
	top := q[0]
	last := len(q) - 1
	q[0] = q[last]
	q[last] = entry[M]{} // let the payload go
	q = q[:last]
	for i := 0; ; {
		small, l, r := i, 2*i+1, 2*i+2
		if l < len(q) && q[l].before(q[small]) {
			small = l
		}
		if r < len(q) && q[r].before(q[small]) {
			small = r
		}
		if small == i {
			break
		}
		q[i], q[small] = q[small], q[i]
		i = small
	}
	*h = q
	return top
}
