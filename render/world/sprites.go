package world

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/assets"
	"duskfall/render/ui"
)

// SpriteSheet is an assets sheet on the GPU: its image and its frames.
// pixels is the decoded image, kept while the art reads colours from it.
type SpriteSheet struct {
	img    *ebiten.Image
	Frames map[string]assets.Frame
	Pixels image.Image
}

// loadSheet uploads a sheet from the embedded art (dir "sprites" or
// "tiles"); a missing sheet is an error the caller reports in words.
func loadSheet(dir, name string) (*SpriteSheet, error) {
	s, err := assets.LoadSheet(assets.FS(), dir, name)
	if err != nil {
		return nil, err
	}
	return &SpriteSheet{img: ebiten.NewImageFromImage(s.Image), Frames: s.Frames, Pixels: s.Image}, nil
}

// frame is the named frame, or the zero frame (drawn as nothing) when the
// sheet lacks it.
func (s *SpriteSheet) frame(name string) assets.Frame { return s.Frames[name] }

// spriteBatch collects textured quads from one sheet and draws them with
// as few DrawTriangles calls as the index width allows. Its slices are
// reused frame after frame, so a steady scene allocates nothing.
type spriteBatch struct {
	sheet *SpriteSheet
	Vs    []ebiten.Vertex
	op    ebiten.DrawTrianglesOptions
}

// newSpriteBatch draws from sheet with linear filtering; additive batches
// add their light to what is under them (glows, sparks, light).
func newSpriteBatch(sheet *SpriteSheet, additive bool) *spriteBatch {
	b := &spriteBatch{sheet: sheet, Vs: make([]ebiten.Vertex, 0, 4*1024)}
	b.op.Filter = ebiten.FilterLinear
	if additive {
		b.op.Blend = ebiten.BlendLighter
	}
	return b
}

// Sprite is one frame drawn at screen point (x, y) (the frame's anchor
// lands there), turned by angle radians, scaled by zoom (screen pixels per
// world unit) times scale, tinted by c (straight alpha).
func (b *spriteBatch) Sprite(dst *ebiten.Image, f assets.Frame, x, y, angle, zoom, scale float32, c ui.RGBA) {
	if f.Rect.Empty() {
		return
	}
	if len(b.Vs)+4 > ui.MaxBatchVertices {
		b.Flush(dst)
	}
	k := float32(f.Scale) * zoom * scale
	ax, ay := float32(f.Anchor.X-f.Rect.Min.X), float32(f.Anchor.Y-f.Rect.Min.Y)
	w, h := float32(f.Rect.Dx()), float32(f.Rect.Dy())
	sn, cs := float32(0), float32(1)
	if angle != 0 {
		s64, c64 := math.Sincos(float64(angle))
		sn, cs = float32(s64), float32(c64)
	}
	corner := func(px, py float32, src image.Point) ebiten.Vertex {
		dx, dy := (px-ax)*k, (py-ay)*k
		return ebiten.Vertex{DstX: x + dx*cs - dy*sn, DstY: y + dx*sn + dy*cs,
			SrcX: float32(src.X), SrcY: float32(src.Y), ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A}
	}
	r := f.Rect
	b.Vs = append(b.Vs,
		corner(0, 0, r.Min), corner(w, 0, image.Pt(r.Max.X, r.Min.Y)),
		corner(0, h, image.Pt(r.Min.X, r.Max.Y)), corner(w, h, r.Max))
}

// Flush draws what was collected and empties the batch.
func (b *spriteBatch) Flush(dst *ebiten.Image) {
	for start := 0; start < len(b.Vs); start += ui.MaxBatchVertices {
		end := min(start+ui.MaxBatchVertices, len(b.Vs))
		dst.DrawTriangles(b.Vs[start:end], QuadIndices[:(end-start)/4*6], b.sheet.img, &b.op)
	}
	b.Vs = b.Vs[:0]
}
