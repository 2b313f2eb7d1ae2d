package render

import (
	"fmt"
	"slices"

	"duskfall/game"
	"duskfall/net/wire"
)

// The figures a player reads about a character: every one is made here
// from game.EffectiveStats, the function the server plays its stats with,
// so the inventory, the tooltips, the keeper's cards, the class cards, the
// roster and the HUD never disagree with each other or with the fight
// (docs/CONTENT.md, "Classes"). The HUD's and the roster's health come
// from the server itself (the snapshot, the roster entry), which builds
// them the same way; these functions only say them.

// statsWearing is the stats of loadout l with worn slot eq holding def
// instead (-1: empty); eq -1 changes nothing.
func statsWearing(c *game.Content, l game.Loadout, eq, def int) game.PlayerStats {
	if eq >= 0 && eq < game.EquipSlots {
		l.Worn[eq] = def
	}
	return game.EffectiveStats(c, l)
}

// statsTaking is the stats of loadout l with upgrade u taken too: what a
// keeper's card compares with the stats now.
func statsTaking(c *game.Content, l game.Loadout, u uint8) game.PlayerStats {
	l.Upgrades = append(slices.Clone(l.Upgrades), u)
	return game.EffectiveStats(c, l)
}

// classStats says the numbers of a new character of class i in a line, as
// its class card shows them.
func classStats(c *game.Content, i int) string {
	st := game.EffectiveStats(c, game.Loadout{Class: uint8(i), Worn: game.NothingWorn()})
	return fmt.Sprintf("HP %d · speed %.0f · %d×%d dmg", st.MaxHP, st.Speed*game.TickRate, st.Shots, st.Damage)
}

// hpLine is the HUD's health line: the character's name and its health
// as the server's snapshot gives it.
func hpLine(name string, hp, maxHP int16) string {
	return fmt.Sprintf("%s   HP %d / %d", name, hp, maxHP)
}

// className is the name of class i, or "" when content has no such class.
func className(c *game.Content, i uint8) string {
	if int(i) < len(c.Classes) {
		return c.Classes[i].Name
	}
	return ""
}

// rosterDetail is a roster row's line under the name: the character's
// class, level, health as the server counts it (its gear and upgrades
// included) and where it will be.
func rosterDetail(c *game.Content, e *wire.CharacterEntry) string {
	s := fmt.Sprintf("level %d  ·  health %d/%d  ·  %s", e.Level, e.Health, e.MaxHealth, whereWords(e.Where))
	if name := className(c, e.Class); name != "" {
		s = name + "  ·  " + s
	}
	return s
}
