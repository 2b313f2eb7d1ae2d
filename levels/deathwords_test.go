package levels_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

// TestEveryKillerInContentIsNamedInWords names every pattern every enemy
// kind fires, in every phase, as a death screen says it.
func TestEveryKillerInContentIsNamedInWords(t *testing.T) {
	c, err := levels.LoadContent()
	require.NoError(t, err)
	want := map[[2]string]string{
		{"grunt", "aimed3"}:                  "a Grunt's three-way",
		{"grunt", "burst5"}:                  "a Grunt's needle burst",
		{"turret", "ring12"}:                 "a Sentry's ring",
		{"turret", "ring8_accel"}:            "a Sentry's darting ring",
		{"stalker", "stalker_shotgun"}:       "a Stalker's shotgun",
		{"weaver", "spiral4"}:                "a Weaver's spiral",
		{"weaver", "curl6"}:                  "a Weaver's curling shots",
		{"wisp", "wisp_spiral"}:              "a Wisp's thin spiral",
		{"lancer", "lancer_bolt"}:            "a Lancer's bolts",
		{"bloomer", "bloom"}:                 "a Bloomer's petal ring",
		{"bloomer", "bloom_counter"}:         "a Bloomer's counter petals",
		{"mite", "mite_dart"}:                "a Mite's dart",
		{"sentinel", "ring12"}:               "the Sentinel's ring",
		{"sentinel", "aimed3"}:               "the Sentinel's three-way",
		{"sentinel", "spiral4"}:              "the Sentinel's spiral",
		{"sentinel", "burst5"}:               "the Sentinel's needle burst",
		{"warden", "warden_spiral"}:          "the Warden's Fury spiral",
		{"warden", "warden_fan"}:             "the Warden's iron fan",
		{"warden", "warden_curl"}:            "the Warden's curls",
		{"warden", "warden_shotgun"}:         "the Warden's shotgun",
		{"regent", "regent_tide"}:            "the Drowned Regent's tide",
		{"regent", "bloom"}:                  "the Drowned Regent's petal ring",
		{"regent", "regent_whirl"}:           "the Drowned Regent's whirl",
		{"regent", "lancer_bolt"}:            "the Drowned Regent's bolts",
		{"regent", "bloom_counter"}:          "the Drowned Regent's counter petals",
		{"seer", "seer_gaze"}:                "a Seer's gaze",
		{"seer", "seer_cross"}:               "a Seer's turning cross",
		{"comet", "comet_tail"}:              "a Comet's tail",
		{"comet", "comet_shower"}:            "a Comet's meteor shower",
		{"orrery", "orrery_rings"}:           "the Orrery's orbit rings",
		{"orrery", "seer_gaze"}:              "the Orrery's gaze",
		{"orrery", "orrery_arms"}:            "the Orrery's spiral arms",
		{"orrery", "comet_shower"}:           "the Orrery's meteor shower",
		{"orrery", "orrery_nova"}:            "the Orrery's nova",
		{"grunt_elite", "aimed3"}:            "an Elite Grunt's three-way",
		{"grunt_elite", "burst5"}:            "an Elite Grunt's needle burst",
		{"grunt_elite", "elite_halo"}:        "an Elite Grunt's halo",
		{"turret_elite", "ring12"}:           "an Elite Sentry's ring",
		{"turret_elite", "ring8_accel"}:      "an Elite Sentry's darting ring",
		{"turret_elite", "elite_needles"}:    "an Elite Sentry's needle volley",
		{"stalker_elite", "stalker_shotgun"}: "an Elite Stalker's shotgun",
		{"stalker_elite", "elite_needles"}:   "an Elite Stalker's needle volley",
		{"weaver_elite", "spiral4"}:          "an Elite Weaver's spiral",
		{"weaver_elite", "curl6"}:            "an Elite Weaver's curling shots",
		{"weaver_elite", "elite_needles"}:    "an Elite Weaver's needle volley",
		{"wisp_elite", "wisp_spiral"}:        "an Elite Wisp's thin spiral",
		{"wisp_elite", "elite_needles"}:      "an Elite Wisp's needle volley",
		{"lancer_elite", "lancer_bolt"}:      "an Elite Lancer's bolts",
		{"lancer_elite", "elite_halo"}:       "an Elite Lancer's halo",
		{"bloomer_elite", "bloom"}:           "an Elite Bloomer's petal ring",
		{"bloomer_elite", "bloom_counter"}:   "an Elite Bloomer's counter petals",
		{"bloomer_elite", "elite_needles"}:   "an Elite Bloomer's needle volley",
		{"mite_elite", "mite_dart"}:          "an Elite Mite's dart",
		{"mite_elite", "elite_needles"}:      "an Elite Mite's needle volley",
		{"moth", ""}:                         "a Lantern Moth", // harmless: fires nothing
	}
	for k := range c.Enemies {
		e := &c.Enemies[k]
		fired := false
		for _, ph := range e.Phases {
			for _, em := range ph.Emitters {
				fired = true
				key := [2]string{e.ID, c.Patterns[em.Pattern].ID}
				t.Run(e.ID+"'s "+key[1]+" is named right", func(t *testing.T) {
					w, ok := want[key]
					require.True(t, ok, "the table has no words for %v: add them", key)
					got := game.KillerWords(c, k, em.Pattern)
					assert.Equal(t, w, got)
					assert.NotContains(t, strings.ToLower(got), "the the")
				})
			}
		}
		if !fired {
			t.Run(e.ID+", which fires nothing, is named alone", func(t *testing.T) {
				w, ok := want[[2]string{e.ID, ""}]
				require.True(t, ok, "the table has no words for %s: add them", e.ID)
				assert.Equal(t, w, game.KillerWords(c, k, -1))
			})
		}
	}
	for _, d := range c.Dungeons {
		t.Run("the place "+d.Name+" takes one lower-case article", func(t *testing.T) {
			got := game.PlaceWords(d.Name)
			assert.True(t, strings.HasPrefix(got, "the "), got)
			assert.NotContains(t, strings.ToLower(got), "the the")
		})
	}
}
