package game

import "math"

// runEmitter advances one emitter by a tick: it continues a burst under way,
// or starts a firing once its cooldown is over and a target is in range.
func (w *World) runEmitter(e *enemy, st *emitterState, em *Emitter) {
	if em.Pattern < 0 || em.Pattern >= len(w.content.Patterns) {
		return
	}
	pat := &w.content.Patterns[em.Pattern]
	w.firing = uint16(em.Pattern + 1)
	if st.timer > 0 {
		st.timer--
	}
	if st.volleysLeft > 0 {
		if st.volleyTimer--; st.volleyTimer <= 0 {
			w.fireVolley(e, st, em, pat)
		}
		return
	}
	if st.timer > 0 {
		return
	}
	if _, ok := w.target(e.pos, em.Range); !ok || !w.mayStartFiring(e) {
		return
	}
	st.timer = em.Cooldown
	st.volleysLeft, st.volley = max(pat.Volleys, 1), 0
	w.fireVolley(e, st, em, pat)
}

// fireVolley re-aims at its target in range (a decoy, or the nearest
// player; the last aim kept if none) and fires one volley of the pattern.
func (w *World) fireVolley(e *enemy, st *emitterState, em *Emitter, pat *Pattern) {
	if t, ok := w.target(e.pos, em.Range); ok {
		st.aim = math.Atan2(t.Y-e.pos.Y, t.X-e.pos.X)
	}
	base := st.aim + float64(st.volley)*pat.SpinPerVolley
	switch pat.Kind {
	case PatternRing:
		w.fireRing(e, pat, base)
	case PatternFan:
		w.fireFan(e, pat, base)
	case PatternSpiral:
		w.fireSpiral(e, st, pat)
	case PatternShotgun:
		w.fireShotgun(e, pat, base)
	}
	st.volley++
	st.volleysLeft--
	st.volleyTimer = pat.VolleyDelay
}

// fireRing spreads Count bullets evenly around, the first along base.
func (w *World) fireRing(e *enemy, pat *Pattern, base float64) {
	step := 2 * math.Pi / float64(max(pat.Count, 1))
	for k := range pat.Count {
		w.fireBullet(e, pat, base+float64(k)*step, pat.Speed)
	}
}

// fireFan spreads Count bullets over Spread, centred on base.
func (w *World) fireFan(e *enemy, pat *Pattern, base float64) {
	if pat.Count == 1 {
		w.fireBullet(e, pat, base, pat.Speed)
		return
	}
	step := pat.Spread / float64(pat.Count-1)
	for k := range pat.Count {
		w.fireBullet(e, pat, base-pat.Spread/2+float64(k)*step, pat.Speed)
	}
}

// fireSpiral fires a ring (or a fan when Spread is set) along the emitter's
// own rotating phase, then turns it by SpinPerVolley. Its rotation carries
// over from one firing to the next.
func (w *World) fireSpiral(e *enemy, st *emitterState, pat *Pattern) {
	if pat.Spread == 0 {
		w.fireRing(e, pat, st.phase)
	} else {
		w.fireFan(e, pat, st.phase)
	}
	st.phase = math.Mod(st.phase+pat.SpinPerVolley, 2*math.Pi)
}

// fireShotgun throws Count pellets at random angles within Spread and random
// speeds within SpeedJitter, drawn from the world's generator.
func (w *World) fireShotgun(e *enemy, pat *Pattern, base float64) {
	for range pat.Count {
		a := base + (w.rng.Float64()-0.5)*pat.Spread
		v := pat.Speed * (1 + (2*w.rng.Float64()-1)*pat.SpeedJitter)
		w.fireBullet(e, pat, a, v)
	}
}

// fireBullet decides one enemy bullet from the enemy's centre. It leaves
// the muzzle VolleyLead ticks later: the spawn is announced now, so clients
// hold it before it flies and draw it leaving the muzzle (NETCODE.md, "One
// display timeline"). Its aim is locked now, at the decision.
func (w *World) fireBullet(e *enemy, pat *Pattern, angle, speed float64) {
	s := MakeBulletSpawn(w.newUID(), w.tick+w.volleyLead, e.pos.X, e.pos.Y, angle, speed, pat.Accel, pat.Turn,
		pat.Radius, pat.Life, pat.BulletKind, TeamEnemy)
	if slot := w.spawnBullet(s, e.id, scaleI16(pat.Damage, w.dmgScale)); slot >= 0 {
		w.bullets.Riders[slot].Pattern = w.firing
	}
}
