package store

import (
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

func TestSameName(t *testing.T) {
	cases := []struct {
		name string
		a, b string
		same bool
	}{
		{"a name in capitals is the same name", "kate", "KATE", true},
		{"a Cyrillic а among Latin letters is the same name", "kate", "k\u0430te", true},
		{"fullwidth letters are the same name", "kate", "ＫＡＴＥ", true},
		{"Greek capitals drawn like Latin ones are the same name", "KATE", "\u039a\u0391\u03a4\u0395", true},
		{"Greek small letters are the same name as the Latin ones their capitals look like", "kate", "\u03ba\u03b1\u03c4\u03b5", true},
		{"mathematical bold letters are the same name", "kate", "𝐤𝐚𝐭𝐞", true},
		{"a ligature is the same name as its letters", "ﬁona", "fiona", true},
		{"a letter with a combining mark is the same name as the precomposed letter", "ka\u0304te", "kāte", true},
		{"an invisible variation selector is the same name", "kate", "kate\ufe0f", true},
		{"Cyrillic ѕ, і and ј are the same name as s, i and j", "sij", "\u0455\u0456\u0458", true},
		{"dotless ı is the same name as i: they have one capital", "ilik", "ılık", true},
		{"a small-capital name is the same name", "kim", "ᴋɪᴍ", true},
		{"a macron is not the same name: the mark shows, and in Latvian or Māori ā is its own letter", "kate", "kāte", false},
		{"a zero is not an o: the game's font draws them apart", "bob", "b0b", false},
		{"a capital I is not an l: the game's font draws them apart", "Ian", "lan", false},
		{"a one is not an l", "al1", "all", false},
		{"rn is not m: letters are compared one by one", "arn", "am", false},
		{"different names are different", "kate", "katy", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, checkName(c.a))
			require.NoError(t, checkName(c.b))
			assert.Equal(t, c.same, SameName(c.a, c.b), "skeletons %q and %q", skeleton(c.a), skeleton(c.b))
			assert.Equal(t, c.same, SameName(c.b, c.a), "the rule is symmetric")
		})
	}
}

func TestSameKey(t *testing.T) {
	t.Run("names that differ in letter case alone have one key", func(t *testing.T) {
		assert.True(t, SameKey("Ada", "aDA"))
	})
	t.Run("a look-alike has a key of its own", func(t *testing.T) {
		assert.False(t, SameKey("kate", "k\u0430te"))
	})
}

// Every name SameKey files under one key has one skeleton, and a folded
// key has its name's skeleton, so the look-alike indexes can be built from
// the folded keys a schema-1 file holds.
func TestTheSkeletonOfAFoldedNameIsTheNames(t *testing.T) {
	checked := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.SimpleFold(r) == r || !unicode.IsPrint(r) {
			continue
		}
		checked++
		want := skeleton(string(r))
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			require.Equal(t, want, skeleton(string(f)), "%U and %U are one account", r, f)
		}
		require.Equal(t, want, skeleton(foldName(string(r))), "%U folded", r)
	}
	t.Logf("%d letters with other cases checked", checked)
}

func TestTheLookAlikeTable(t *testing.T) {
	for from, to := range lookalikes {
		require.Equal(t, from, caseless(from), "%U %c is not a folded small letter, so no name reaches its entry", from, from)
		require.True(t, to >= 'a' && to <= 'z', "%U maps to a Latin small letter", from)
	}
}

// The game draws names in Go Regular. Every letter it draws with the very
// outline of a Latin letter or digit must be one name with it, and the
// pairs left apart must be drawn apart.
func TestTheFontsLookAlikesAreOneName(t *testing.T) {
	font, err := sfnt.Parse(goregular.TTF)
	require.NoError(t, err)
	var buf sfnt.Buffer
	outline := func(r rune) (string, bool) {
		i, err := font.GlyphIndex(&buf, r)
		if err != nil || i == 0 {
			return "", false
		}
		segs, err := font.LoadGlyph(&buf, i, fixed.I(1000), nil)
		require.NoError(t, err)
		return fmtSegments(segs), len(segs) > 0
	}
	ascii := map[string]rune{}
	for r := '0'; r <= 'z'; r++ {
		if o, ok := outline(r); ok && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			ascii[o] = r
		}
	}
	t.Run("every letter drawn as a Latin letter is one name with it", func(t *testing.T) {
		found := 0
		for r := rune(0x80); r <= 0xffff; r++ {
			o, ok := outline(r)
			if !ok {
				continue
			}
			if latin, ok := ascii[o]; ok {
				found++
				assert.True(t, SameName(string(r), string(latin)), "Go Regular draws %U %c as %c", r, r, latin)
			}
		}
		t.Logf("%d letters of other alphabets drawn as Latin ones", found)
		assert.NotZero(t, found)
	})
	t.Run("the digits and letters left apart are drawn apart", func(t *testing.T) {
		for _, pair := range [][2]rune{{'0', 'O'}, {'0', 'o'}, {'1', 'l'}, {'1', 'I'}, {'I', 'l'}} {
			a, _ := outline(pair[0])
			b, _ := outline(pair[1])
			assert.NotEqual(t, a, b, "%c and %c", pair[0], pair[1])
		}
	})
}

func fmtSegments(segs sfnt.Segments) string {
	b := make([]byte, 0, len(segs)*16)
	for _, s := range segs {
		b = append(b, byte(s.Op))
		for _, p := range s.Args {
			b = append(b, byte(p.X), byte(p.X>>8), byte(p.X>>16), byte(p.Y), byte(p.Y>>8), byte(p.Y>>16))
		}
	}
	return string(b)
}
