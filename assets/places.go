package assets

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"

	"github.com/BurntSushi/toml"
)

// RGB is an sRGB colour, one byte a channel.
type RGB [3]uint8

// Ambient motions a place may have.
const (
	AmbientDust   = "dust"   // motes drifting through the light
	AmbientPollen = "pollen" // slow bright specks rising and falling
	AmbientEmbers = "embers" // sparks rising, flickering out
	AmbientDrips  = "drips"  // drops falling, rings where they land
)

// Place is one place's look: its ground, its walls, its light and what
// moves in its air.
type Place struct {
	ID       string
	Name     string
	Floor    [2]RGB // two tones the floor tiles alternate between
	Detail   RGB    // seams, cracks and paving on the floor
	WallFace RGB    // a wall's face toward the viewer
	WallTop  RGB    // a wall's top
	WallEdge RGB    // the lit rim where top meets face
	Light    RGB    // the colour of the place's light
	Ambient  string // one of the Ambient… motions
	Accent   RGB    // portal frames and banners
	Tiles    string // the tile set it is drawn with, tiles/<Tiles>.png: its own id, or its lender's (like)
}

// Depth says how a deeper floor changes a place's mood.
type Depth struct {
	Darken    float64 // share the ground darkens per floor below the first
	Redden    float64 // share the light turns toward DeepLight per floor
	MaxFloors int     // floors beyond which nothing changes further
	DeepLight RGB
}

// BulletPalette is one choice of bullet hues.
type BulletPalette struct {
	ID       string
	Name     string
	Hostile  []RGB // by bullet kind, wrapping
	Friendly RGB   // the players' shots
}

// Look is everything places.toml says.
type Look struct {
	Places   map[string]Place
	Depth    Depth
	Palettes []BulletPalette // standard first
}

// Place is the look of the place with that id, and whether it has one.
func (l *Look) Place(id string) (Place, bool) {
	p, ok := l.Places[id]
	return p, ok
}

// PlaceIDs are the places' ids, sorted.
func (l *Look) PlaceIDs() []string { return slices.Sorted(maps.Keys(l.Places)) }

// Palette is the bullet palette with that id, or the standard one.
func (l *Look) Palette(id string) BulletPalette {
	for _, p := range l.Palettes {
		if p.ID == id {
			return p
		}
	}
	return l.Palettes[0]
}

// GroundScale is how bright the ground is depth floors down (1 the
// first): each of its colours times this.
func (l *Look) GroundScale(depth int) float64 {
	return 1 - l.Depth.Darken*float64(l.floorsDown(depth))
}

// floorsDown is how many floors below the first depth is, as far as the
// mood changes.
func (l *Look) floorsDown(depth int) int { return min(max(depth-1, 0), l.Depth.MaxFloors) }

// DepthPlace is the place as it looks depth floors down (1 the first).
func (l *Look) DepthPlace(p Place, depth int) Place {
	k := l.floorsDown(depth)
	if k == 0 {
		return p
	}
	dark := l.GroundScale(depth)
	for i := range p.Floor {
		p.Floor[i] = p.Floor[i].Scale(dark)
	}
	p.Detail, p.WallFace = p.Detail.Scale(dark), p.WallFace.Scale(dark)
	p.WallTop, p.WallEdge = p.WallTop.Scale(dark), p.WallEdge.Scale(dark)
	p.Light = p.Light.Mix(l.Depth.DeepLight, min(1, l.Depth.Redden*float64(k)))
	return p
}

// Scale multiplies each channel by k (0 to 1).
func (c RGB) Scale(k float64) RGB {
	f := func(v uint8) uint8 { return uint8(min(255, max(0, float64(v)*k+0.5))) }
	return RGB{f(c[0]), f(c[1]), f(c[2])}
}

// Mix moves c toward d by k (0: c, 1: d).
func (c RGB) Mix(d RGB, k float64) RGB {
	f := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*k + 0.5) }
	return RGB{f(c[0], d[0]), f(c[1], d[1]), f(c[2], d[2])}
}

// The file as written.
type rawPlace struct {
	Like     string   `toml:"like"`
	Name     string   `toml:"name"`
	Floor    [][3]int `toml:"floor"`
	Detail   []int    `toml:"detail"`
	WallFace []int    `toml:"wall_face"`
	WallTop  []int    `toml:"wall_top"`
	WallEdge []int    `toml:"wall_edge"`
	Light    []int    `toml:"light"`
	Ambient  string   `toml:"ambient"`
	Accent   []int    `toml:"accent"`
}

type rawPalette struct {
	Name     string   `toml:"name"`
	Hostile  [][3]int `toml:"hostile"`
	Friendly []int    `toml:"friendly"`
}

type rawLook struct {
	Place map[string]rawPlace `toml:"place"`
	Depth struct {
		Darken    float64 `toml:"darken"`
		Redden    float64 `toml:"redden"`
		MaxFloors int     `toml:"max_floors"`
		DeepLight []int   `toml:"deep_light"`
	} `toml:"depth"`
	Bullets struct {
		Friendly []int                 `toml:"friendly"`
		Palette  map[string]rawPalette `toml:"palette"`
	} `toml:"bullets"`
}

const placesFile = "places.toml"

// LoadLook decodes and validates places.toml from fsys.
func LoadLook(fsys fs.FS) (*Look, error) {
	b, err := fs.ReadFile(fsys, placesFile)
	if err != nil {
		return nil, fail(placesFile, "", "%v", err)
	}
	var raw rawLook
	md, err := toml.Decode(string(b), &raw)
	if err != nil {
		return nil, fail(placesFile, "", "%v", err)
	}
	if un := md.Undecoded(); len(un) > 0 {
		return nil, fail(placesFile, un[0].String(), "unknown key")
	}
	return validateLook(&raw)
}

// validateLook is the one pass that turns the file into a Look, failing
// at the first wrong key.
func validateLook(raw *rawLook) (*Look, error) {
	l := &Look{Places: map[string]Place{}}
	for _, id := range slices.Sorted(maps.Keys(raw.Place)) {
		if raw.Place[id].Like != "" {
			continue
		}
		p, err := convertPlace(id, raw.Place[id])
		if err != nil {
			return nil, err
		}
		l.Places[id] = p
	}
	for _, id := range slices.Sorted(maps.Keys(raw.Place)) {
		r := raw.Place[id]
		if r.Like == "" {
			continue
		}
		base, ok := l.Places[r.Like]
		if !ok {
			return nil, fail(placesFile, "place."+id+".like", "%q is not a place with a look of its own", r.Like)
		}
		base.ID = id
		if r.Name != "" {
			base.Name = r.Name
		}
		l.Places[id] = base
	}
	if err := convertDepth(raw, l); err != nil {
		return nil, err
	}
	return l, convertPalettes(raw, l)
}

func convertPlace(id string, r rawPlace) (Place, error) {
	key := "place." + id
	p := Place{ID: id, Name: r.Name, Ambient: r.Ambient, Tiles: id}
	if p.Name == "" {
		return p, fail(placesFile, key+".name", "missing")
	}
	if len(r.Floor) != 2 {
		return p, fail(placesFile, key+".floor", "%d tones, want 2", len(r.Floor))
	}
	for i, f := range r.Floor {
		c, err := rgb(f[:], key+fmt.Sprintf(".floor[%d]", i))
		if err != nil {
			return p, err
		}
		p.Floor[i] = c
	}
	fields := []struct {
		dst *RGB
		src []int
		key string
	}{{&p.Detail, r.Detail, "detail"}, {&p.WallFace, r.WallFace, "wall_face"}, {&p.WallTop, r.WallTop, "wall_top"},
		{&p.WallEdge, r.WallEdge, "wall_edge"}, {&p.Light, r.Light, "light"}, {&p.Accent, r.Accent, "accent"}}
	for _, f := range fields {
		c, err := rgb(f.src, key+"."+f.key)
		if err != nil {
			return p, err
		}
		*f.dst = c
	}
	switch p.Ambient {
	case AmbientDust, AmbientPollen, AmbientEmbers, AmbientDrips:
	default:
		return p, fail(placesFile, key+".ambient", "%q is not one of dust, pollen, embers, drips", p.Ambient)
	}
	return p, nil
}

func convertDepth(raw *rawLook, l *Look) error {
	d := raw.Depth
	switch {
	case d.Darken < 0 || d.Darken > 0.2:
		return fail(placesFile, "depth.darken", "%v is outside [0, 0.2]", d.Darken)
	case d.Redden < 0 || d.Redden > 0.5:
		return fail(placesFile, "depth.redden", "%v is outside [0, 0.5]", d.Redden)
	case d.MaxFloors < 0 || d.MaxFloors > 8:
		return fail(placesFile, "depth.max_floors", "%d is outside [0, 8]", d.MaxFloors)
	}
	deep, err := rgb(d.DeepLight, "depth.deep_light")
	if err != nil {
		return err
	}
	l.Depth = Depth{Darken: d.Darken, Redden: d.Redden, MaxFloors: d.MaxFloors, DeepLight: deep}
	return nil
}

func convertPalettes(raw *rawLook, l *Look) error {
	friendly, err := rgb(raw.Bullets.Friendly, "bullets.friendly")
	if err != nil {
		return err
	}
	if _, ok := raw.Bullets.Palette["standard"]; !ok {
		return fail(placesFile, "bullets.palette.standard", "missing: the palette every player starts with")
	}
	ids := slices.Sorted(maps.Keys(raw.Bullets.Palette))
	slices.SortStableFunc(ids, func(a, b string) int { return boolInt(b == "standard") - boolInt(a == "standard") })
	for _, id := range ids {
		r := raw.Bullets.Palette[id]
		key := "bullets.palette." + id
		p := BulletPalette{ID: id, Name: r.Name, Friendly: friendly}
		if p.Name == "" {
			return fail(placesFile, key+".name", "missing")
		}
		if len(r.Hostile) < 1 || len(r.Hostile) > 16 {
			return fail(placesFile, key+".hostile", "%d hues, want 1 to 16", len(r.Hostile))
		}
		for i, h := range r.Hostile {
			c, err := rgb(h[:], fmt.Sprintf("%s.hostile[%d]", key, i))
			if err != nil {
				return err
			}
			p.Hostile = append(p.Hostile, c)
		}
		if r.Friendly != nil {
			if p.Friendly, err = rgb(r.Friendly, key+".friendly"); err != nil {
				return err
			}
		}
		l.Palettes = append(l.Palettes, p)
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func rgb(v []int, key string) (RGB, error) {
	if len(v) != 3 {
		return RGB{}, fail(placesFile, key, "%d channels, want [r, g, b]", len(v))
	}
	var c RGB
	for i, x := range v {
		if x < 0 || x > 255 {
			return RGB{}, fail(placesFile, key, "channel %d is %d, outside [0, 255]", i, x)
		}
		c[i] = uint8(x)
	}
	return c, nil
}
