package assets

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The readability rules of docs/ART.md, held to the data: every hostile
// bullet hue of every palette stands 3:1 against every floor and wall
// colour of every place (at every depth), for every way of seeing; the
// players' shots are never mistaken for a hostile hue (a CIELAB distance
// of 20 or more) in full colour, and with the colour-blind palette under
// every simulation too.
func TestThePalettesKeepHostileBulletsReadable(t *testing.T) {
	l, err := Shared()
	require.NoError(t, err)
	for _, id := range l.PlaceIDs() {
		for depth := 1; depth <= l.Depth.MaxFloors+1; depth++ {
			p := l.DepthPlace(l.Places[id], depth)
			ground := map[string]RGB{"floor tone 1": p.Floor[0], "floor tone 2": p.Floor[1], "detail": p.Detail,
				"wall face": p.WallFace, "wall top": p.WallTop, "wall edge": p.WallEdge}
			for _, pal := range l.Palettes {
				for _, v := range Visions {
					for what, g := range ground {
						for i, h := range pal.Hostile {
							c := Contrast(h, g, v)
							assert.GreaterOrEqual(t, c, 3.0, "%s floor %d, %s palette, %v: hostile hue %d %v against the %s %v",
								p.Name, depth, pal.Name, v, i, h, what, g)
						}
					}
				}
			}
		}
	}
	for _, pal := range l.Palettes {
		visions := []Vision{Normal}
		if pal.ID != "standard" {
			visions = Visions
		}
		for _, v := range visions {
			for i, h := range pal.Hostile {
				t.Run(fmt.Sprintf("the %s palette's friendly shots are apart from hostile hue %d in %v", pal.Name, i, v), func(t *testing.T) {
					assert.GreaterOrEqual(t, Distance(pal.Friendly, h, v), 20.0)
				})
			}
		}
	}
}

func TestTheLookFile(t *testing.T) {
	t.Run("the embedded file loads, every place with a look", func(t *testing.T) {
		l, err := Shared()
		require.NoError(t, err)
		for _, id := range []string{"hub", "proving_grounds", "catacombs", "sunken_keep", "arena", "boss_hall"} {
			p, ok := l.Place(id)
			require.True(t, ok, id)
			assert.NotEmpty(t, p.Name)
		}
		assert.Equal(t, "standard", l.Palettes[0].ID, "the standard palette comes first")
	})
	bad := []struct {
		name, file, key string
	}{
		{"a channel over 255 is refused with its key", placeOnly(`floor = [[32, 28, 36], [38, 33, 420]]`), "place.x.floor[1]"},
		{"an unknown ambient is refused", placeOnly(`ambient = "snow"`), "place.x.ambient"},
		{"a look borrowed from nowhere is refused", `[place.y]
like = "nowhere"
` + placeOnly(""), "place.y.like"},
		{"an unknown key is refused", placeOnly(`glow = 3`), "place.x.glow"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadLook(fstest.MapFS{"places.toml": {Data: []byte(c.file)}})
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, c.key, e.Key)
		})
	}
}

// placeOnly is a valid file with one place x, with line replacing or
// adding one of its keys.
func placeOnly(line string) string {
	keys := map[string]string{"name": `"x"`, "floor": "[[32, 28, 36], [38, 33, 42]]", "detail": "[1, 2, 3]",
		"wall_face": "[1, 2, 3]", "wall_top": "[1, 2, 3]", "wall_edge": "[1, 2, 3]", "light": "[1, 2, 3]",
		"ambient": `"dust"`, "accent": "[1, 2, 3]"}
	s := "[place.x]\n"
	if line != "" {
		s += line + "\n"
	}
	for _, k := range []string{"name", "floor", "detail", "wall_face", "wall_top", "wall_edge", "light", "ambient", "accent"} {
		if len(line) >= len(k) && line[:len(k)] == k && line[len(k)] == ' ' {
			continue
		}
		s += k + " = " + keys[k] + "\n"
	}
	return s + `[depth]
darken = 0.1
redden = 0.1
max_floors = 2
deep_light = [1, 2, 3]
[bullets]
friendly = [1, 2, 3]
[bullets.palette.standard]
name = "S"
hostile = [[255, 255, 255]]
`
}
