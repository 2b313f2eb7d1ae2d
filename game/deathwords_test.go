package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestKillerWordsReadRightInEveryCase(t *testing.T) {
	c := &Content{
		Patterns: []Pattern{{ID: "ring", Name: "ring"}, {ID: "fury", Name: "Fury spiral"}, {ID: "eye", Name: "eye beam"}},
		Enemies: []EnemyDef{
			{ID: "grunt", Name: "Grunt"},
			{ID: "warden", Name: "The Warden", Boss: true},
			{ID: "morg", Name: "Morg", Boss: true},
			{ID: "ember", Name: "Ember"},
			{ID: "eyes", Name: "Watching Eyes"},
			{ID: "lower", Name: "the Lurker"},
		},
	}
	for _, tc := range []struct {
		name          string
		kind, pattern int
		want          string
	}{
		{"a common enemy takes a", 0, 0, "a Grunt's ring"},
		{"a boss named with The keeps it, lowered", 1, 1, "the Warden's Fury spiral"},
		{"a boss with a proper name takes no article", 2, 0, "Morg's ring"},
		{"a name that opens with a vowel takes an", 3, 2, "an Ember's eye beam"},
		{"a name ending in s takes a bare apostrophe", 4, 0, "a Watching Eyes' ring"},
		{"a lower-case the is never doubled", 5, 0, "the Lurker's ring"},
		{"an unknown pattern names the enemy alone", 1, -1, "the Warden"},
		{"an unknown enemy names the pattern alone", -1, 2, "an eye beam"},
		{"nothing known still reads", -1, -1, "a bullet from the dark"},
		{"indices past the content read as unknown", 99, 99, "a bullet from the dark"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, KillerWords(c, tc.kind, tc.pattern))
		})
	}
	t.Run("no content still reads", func(t *testing.T) {
		assert.Equal(t, "a bullet from the dark", KillerWords(nil, 0, 0))
	})
	for _, tc := range []struct{ name, in, want string }{
		{"a place named with The keeps one the", "The Catacombs", "the Catacombs"},
		{"a place named without one gains it", "Proving Grounds", "the Proving Grounds"},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, PlaceWords(tc.in)) })
	}
	t.Run("a phrase opening a sentence is capitalized", func(t *testing.T) {
		assert.Equal(t, "The Warden's Fury spiral", Capitalize("the Warden's Fury spiral"))
	})
}
