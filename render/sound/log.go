package sound

// Log is a speaker that remembers what it was asked to play, for the
// tests of what sounds when, here and in the scenes.
type Log struct{ Played []int }

// Play remembers the sound.
func (r *Log) Play(id int, _ float64) { r.Played = append(r.Played, id) }

// Count is how many times sound id was played.
func (r *Log) Count(id int) int {
	n := 0
	for _, p := range r.Played {
		if p == id {
			n++
		}
	}
	return n
}
