//go:build !headless

package main

import (
	"image"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/render"
)

// The journeys of a character's class, figures and upgrades: the first
// launch makes a character of the class clicked, the roster makes a
// second of another class and lists both as they play, and the keeper
// takes two upgrades in a row by their number keys.

// journeyContent is the built-in content, whose classes the cards show.
func journeyContent(t *testing.T) *game.Content {
	t.Helper()
	p, err := levels.Builtin()
	require.NoError(t, err)
	return p.Content
}

// classCard is where the card of class id is in the player's window.
func (p *player) classCard(c *game.Content, id string) image.Point {
	p.t.Helper()
	i, ok := levels.ClassIndex(c, id)
	require.True(p.t, ok, "no class %q", id)
	pt, ok := render.ClassCardCenter(c, int(i), p.w, p.h)
	require.True(p.t, ok)
	return pt
}

// hostAndPlay clicks Host and play until the scene named by prefix shows.
func (p *player) hostAndPlay(prefix string, n int) {
	p.t.Helper()
	host, ok := render.MainMenuButtonCenter(render.LabelHostAndPlay, p.w, p.h)
	require.True(p.t, ok)
	p.until(prefix, n, func() { p.clickPoint(host) })
}

// makeCharacter names a character on the class scene (from the roster;
// on the first launch it is named after the player already), clicks the
// card of class and Create and play, and waits for the n-th entry into
// play.
func (p *player) makeCharacter(c *game.Content, name, class string, fromRoster bool, n int) {
	p.t.Helper()
	if fromRoster {
		p.typeText(name)
	}
	card := p.classCard(c, class)
	p.until("duskfall: class chosen "+class, 1, func() { p.clickPoint(card) })
	p.screenshot("cards-" + class)
	create := render.CreateAndPlayCenter(c, p.w, p.h, fromRoster)
	p.until("duskfall: scene=play", n, func() { p.clickPoint(create) })
	p.expect("duskfall: playing " + name + " class=" + class)
}

// toRoster leaves play for the menu (Esc, Disconnect to menu) and Host
// and play shows the roster of characters this machine's account holds.
func (p *player) toRoster(pauses, menus, characters int) {
	p.t.Helper()
	p.key("Escape")
	p.until("duskfall: scene=pause", pauses, nil)
	leave, ok := render.PauseButtonCenter(render.LabelDisconnect, p.w, p.h, false, true)
	require.True(p.t, ok)
	p.until("duskfall: scene=menu", menus, func() { p.clickPoint(leave) })
	p.hostAndPlay("duskfall: scene=roster characters="+strconv.Itoa(characters), 1)
}

// A fresh player (no name given) reads a menu that claims no name for
// them, clicks Host and play, types a name once, then on the class cards
// only chooses: Right to the Arcanist, Enter to create (the name is the
// one typed, not asked again), and flies that class.
func TestJourneyFirstLaunch(t *testing.T) {
	needWindow(t)
	start := time.Now()
	c := journeyContent(t)
	p := launch(t, "fresh", t.TempDir(), "--port", strconv.Itoa(freeUDPPort(t)))
	p.expect("duskfall: menu says ")
	says := p.last("duskfall: menu says ")
	assert.Contains(t, says, "Host and play asks your name", "the menu says what will happen")
	assert.NotContains(t, says, "pilot-", "and shows no name made up for the player as theirs")
	p.screenshot("menu")
	p.hostAndPlay("duskfall: scene=name", 1)
	p.typeText("Ada")
	p.screenshot("name")
	p.key("Return")
	p.expect("duskfall: scene=class")
	time.Sleep(300 * time.Millisecond) // drawn
	p.screenshot("cards-named")
	_, ok := levels.ClassIndex(c, "arcanist")
	require.True(t, ok)
	// The cards have the keys: nothing to type again. Right until the
	// Arcanist, one press at a time (a tap the loaded window missed is
	// pressed again, never one too many).
	p.until("duskfall: class chosen arcanist", 1, func() { p.key("Right") })
	p.screenshot("cards-arcanist")
	p.until("duskfall: scene=play", 1, func() { p.key("Return") })
	p.expect("duskfall: playing Ada class=arcanist")
	p.screenshot("play")

	// The figures read on the card, on the HUD and in the inventory are
	// the same: the Arcanist's, not the baseline ship's.
	card := regexp.MustCompile(`^duskfall: class chosen arcanist HP (\d+) · speed \d+ · \d+×(\d+) dmg$`).FindStringSubmatch(p.last("duskfall: class chosen arcanist"))
	require.NotNil(t, card, "the card's figures:\n%s", p.log())
	hud := regexp.MustCompile(`health=(\d+)/(\d+)$`).FindStringSubmatch(p.line("duskfall: playing Ada"))
	require.NotNil(t, hud)
	p.key("i")
	p.expect("duskfall: inventory ")
	time.Sleep(300 * time.Millisecond) // drawn
	p.screenshot("inventory")
	inv := p.last("duskfall: inventory ")
	assert.Equal(t, card[1], hud[2], "the card's HP is the HUD's most health")
	assert.Contains(t, inv, "| max health "+hud[2]+" |", "the inventory's most health is the HUD's")
	assert.Contains(t, inv, "duskfall: inventory damage "+card[2]+" |", "the inventory's damage is the card's")
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}

// From the roster a player makes a second character of another class on
// the same cards, plays it, and the roster then lists both with their
// classes and the health each showed in play.
func TestJourneySecondCharacterOfAnotherClass(t *testing.T) {
	needWindow(t)
	start := time.Now()
	c := journeyContent(t)
	p := launch(t, "player", t.TempDir(), "--port", strconv.Itoa(freeUDPPort(t)))
	p.expect("duskfall: scene=menu")
	p.hostAndPlay("duskfall: scene=name", 1)
	p.typeText("Ada")
	p.key("Return")
	p.expect("duskfall: scene=class")
	p.makeCharacter(c, "Ada", "striker", false, 1)

	p.toRoster(1, 2, 1)
	p.screenshot("roster-one")
	newChar, ok := render.RosterButtonCenter(render.LabelNewCharacter, 0, 1, p.w, p.h)
	require.True(t, ok)
	p.until("duskfall: scene=class", 2, func() { p.clickPoint(newChar) })
	// With the name typed and its field still taking the keys, Right steps
	// through the classes, as the footer and the README say.
	p.typeText("Bea")
	chosen := "duskfall: class chosen arcanist"
	p.until(chosen, p.count(chosen)+1, func() { p.key("Right") })
	p.screenshot("cards-by-keys")
	p.key("Return")
	p.until("duskfall: scene=play", 2, nil)
	p.expect("duskfall: playing Bea class=arcanist")

	p.toRoster(2, 3, 2)
	p.screenshot("roster-two")
	for _, who := range []struct{ name, class string }{{"Ada", "striker"}, {"Bea", "arcanist"}} {
		played := regexp.MustCompile(`^duskfall: playing ` + who.name + ` class=(\w+) health=(\d+/\d+)$`).FindStringSubmatch(p.line("duskfall: playing " + who.name + " "))
		require.NotNil(t, played, "the HUD's figures as %s entered play:\n%s", who.name, p.log())
		listed := regexp.MustCompile(`^duskfall: roster ` + who.name + ` class=(\w+) level=1 health=(\d+/\d+)$`).FindStringSubmatch(p.last("duskfall: roster " + who.name + " "))
		require.NotNil(t, listed, "the roster lists %s:\n%s", who.name, p.log())
		assert.Equal(t, who.class, listed[1], "%s's class on the roster", who.name)
		assert.Equal(t, played[2], listed[2], "%s's health on the roster is the one its HUD showed", who.name)
	}
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}

// A character owed two upgrades opens the keeper's panel and takes both
// with the number keys, one after the other: the panel stays open after
// the first, and no number key reaches the bag.
func TestJourneyTwoKeeperPicksInARow(t *testing.T) {
	needWindow(t)
	start := time.Now()
	dir := t.TempDir()
	port := strconv.Itoa(freeUDPPort(t))
	srv := startGame(t, journeyBinary(t), "", filepath.Join(dir, "server"), "--server", "--bind", "127.0.0.1", "--port", port,
		"--data", filepath.Join(dir, "data"), "--enter-levels", "2")
	srv.waitFor("server: ", guiWait)
	p := launch(t, "kit", filepath.Join(dir, "window"), "--join", "127.0.0.1:"+port, "--name", "Kit")
	p.expect("duskfall: playing Kit")

	// The first spawn of the hub's court is five tiles left of the keeper
	// and three below it: up two tiles, then right a step at a time until
	// it is in reach.
	time.Sleep(300 * time.Millisecond) // the court's map streamed in
	p.hold("w", 250*time.Millisecond)
	for tries := 0; p.last("duskfall: keeper in reach=") != "duskfall: keeper in reach=true"; tries++ {
		require.Less(t, tries, 25, "never reached the keeper:\n%s", p.log())
		p.hold("d", 100*time.Millisecond)
		time.Sleep(150 * time.Millisecond)
	}
	p.key("e")
	p.expect("duskfall: keeper open owed=2")
	time.Sleep(300 * time.Millisecond) // drawn
	p.screenshot("keeper-two-owed")

	p.key("1")
	p.expect("duskfall: keeper took ")
	assert.Regexp(t, `owed=1$`, p.last("duskfall: keeper took "))
	time.Sleep(300 * time.Millisecond)
	assert.False(t, p.saw("duskfall: keeper closed"), "one upgrade still owed: the panel stays open")
	p.screenshot("keeper-one-owed")

	p.key("2")
	p.until("duskfall: keeper took ", 2, nil)
	assert.Regexp(t, `owed=0$`, p.last("duskfall: keeper took "))
	p.expect("duskfall: keeper closed")
	p.screenshot("keeper-done")

	assert.False(t, p.saw("duskfall: feedback Slot"), "no number key reached the bag:\n%s", p.log())
	assert.Len(t, regexp.MustCompile(`Kit took \w+`).FindAllString(srv.log(), -1), 2, "the server took two upgrades:\n%s", srv.log())
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}
