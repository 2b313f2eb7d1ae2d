package layout

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The repository tracks source, content and the images its docs show,
// never what it builds (CONTRIBUTING.md, "Commits").

// bigFile is the most a tracked file outside assets/ may weigh.
const bigFile = 1 << 20

// binaryAssets are the kinds of file that hold NUL bytes by nature:
// images, and the sounds and fonts an asset may one day be.
var binaryAssets = []string{".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico", ".ogg", ".wav", ".flac", ".ttf", ".otf"}

// whyNotTracked says why a file with this path (relative to the root, in
// slashes), size and content has no place in the repository, or "" when
// it has one.
func whyNotTracked(path string, size int64, content []byte) string {
	if kind := executableKind(content); kind != "" {
		return kind + ", a built program: build it, never commit it (.gitignore lists what the repository builds)"
	}
	if size > bigFile && !strings.HasPrefix(path, "assets/") {
		return fmt.Sprintf("%d bytes, over 1 MB outside assets/", size)
	}
	if i := bytes.IndexByte(content, 0); i >= 0 && !slices.Contains(binaryAssets, strings.ToLower(filepath.Ext(path))) {
		return fmt.Sprintf("a NUL byte at offset %d: binary, and not an image, sound or font", i)
	}
	return ""
}

// executableKind names the executable format content starts with, or "".
func executableKind(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x7fELF")):
		return "an ELF binary"
	case isMachO(b):
		return "a Mach-O binary"
	case isPE(b):
		return "a PE (Windows) binary"
	}
	return ""
}

// isMachO reads the magic of a Mach-O file, 32 or 64 bits, either byte
// order, or a universal (fat) one.
func isMachO(b []byte) bool {
	if len(b) < 4 {
		return false
	}
	switch binary.BigEndian.Uint32(b) {
	case 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe:
		return true
	}
	return false
}

// isPE reads the DOS stub's "MZ" and the "PE\0\0" it points to.
func isPE(b []byte) bool {
	if len(b) < 0x40 || !bytes.HasPrefix(b, []byte("MZ")) {
		return false
	}
	at := int(binary.LittleEndian.Uint32(b[0x3c:]))
	return at >= 0x40 && at+4 <= len(b) && bytes.Equal(b[at:at+4], []byte("PE\x00\x00"))
}

func TestWhyAFileIsNotTracked(t *testing.T) {
	pe := make([]byte, 0x80)
	copy(pe, "MZ")
	binary.LittleEndian.PutUint32(pe[0x3c:], 0x40)
	copy(pe[0x40:], "PE\x00\x00")
	cases := []struct {
		name    string
		path    string
		size    int64
		content []byte
		why     string
	}{
		{"Go source is tracked", "game/world.go", 20, []byte("package game\n"), ""},
		{"an image a doc shows is tracked", "docs/img/menu.png", 9, []byte("\x89PNG\r\n\x1a\n\x00"), ""},
		{"a big sprite sheet in assets is tracked", "assets/sprites/bosses.png", 3 << 20, []byte("\x89PNG\x00"), ""},
		{"a Linux program is not", "artgen", 4 << 20, []byte("\x7fELF\x02\x01\x01\x00"), "an ELF binary"},
		{"a program is not, whatever its name", "assets/ship.png", 100, []byte("\x7fELF\x02\x01\x01\x00"), "an ELF binary"},
		{"a macOS program is not", "duskfall", 100, []byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}, "a Mach-O binary"},
		{"a Windows program is not", "duskfall.exe", 0x80, pe, "a PE (Windows) binary"},
		{"text that starts with MZ is tracked", "docs/MZ.md", 70, []byte("MZ is a pair of letters, and this a sentence long enough to be read as a stub."), ""},
		{"any other file with a NUL byte is not", "levels/hub.toml", 10, []byte("name = \"a\x00\""), "a NUL byte at offset 9"},
		{"a big file outside assets is not", "docs/capture.txt", 2 << 20, []byte("text"), "over 1 MB outside assets/"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			why := whyNotTracked(c.path, c.size, c.content)
			if c.why == "" {
				assert.Empty(t, why)
			} else {
				assert.Contains(t, why, c.why)
			}
		})
	}
}

// checkoutRoot is the module's root, where it is a git checkout's top
// level. Elsewhere (an unpacked archive, a copy inside another
// repository) nothing is tracked, and the test skips.
func checkoutRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: nothing here says what is tracked")
	}
	out, err := exec.Command("git", "-C", root, "rev-parse", "--show-toplevel").CombinedOutput()
	if err != nil {
		t.Skipf("%s is not a git checkout (an unpacked archive?): %s", root, bytes.TrimSpace(out))
	}
	top := strings.TrimSpace(string(out))
	if !sameDir(t, top, root) {
		t.Skipf("%s lies inside the git checkout %s: not the repository's own", root, top)
	}
	return root
}

func sameDir(t *testing.T, a, b string) bool {
	t.Helper()
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	require.NoError(t, errors.Join(errA, errB))
	return ra == rb
}

// TestNoTrackedFileIsABuiltProgram reads every file git tracks: none is
// an executable, a binary other than an image, sound or font, or over 1 MB
// outside assets/.
func TestNoTrackedFileIsABuiltProgram(t *testing.T) {
	root := checkoutRoot(t)
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	require.NoError(t, err, "git ls-files")
	files := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	require.Contains(t, files, "go.mod", "the walk lists the checkout's files")
	for _, f := range files {
		info, err := os.Lstat(filepath.Join(root, f))
		if errors.Is(err, fs.ErrNotExist) {
			continue // removed in the work tree, not yet committed
		}
		require.NoError(t, err)
		if !info.Mode().IsRegular() {
			continue // a symbolic link holds a path, not content
		}
		content, err := os.ReadFile(filepath.Join(root, f))
		require.NoError(t, err)
		assert.Empty(t, whyNotTracked(f, info.Size(), content), "%s is tracked (git ls-files) and should not be: git rm --cached it", f)
	}
}

// TestEveryBuiltProgramIsIgnored asks git whether .gitignore covers each
// place the repository writes a program: each package main's binary where
// `go build` writes it (the module's root and the package's folder, and
// their .exe), every package's `go test -c` binary, and what the Makefile
// and scripts/ build with -o into the work tree.
func TestEveryBuiltProgramIsIgnored(t *testing.T) {
	root := checkoutRoot(t)
	paths := goBuildOutputs(t, root)
	require.Contains(t, paths, "duskfall", "the walk finds the module's own program")
	require.Contains(t, paths, "bin/duskfall-server", "the walk reads the outputs the scripts name")
	cmd := exec.Command("git", "-C", root, "check-ignore", "--no-index", "--stdin", "-z", "-v", "-n")
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\x00"))
	out, err := cmd.Output()
	require.NoError(t, err, "git check-ignore")
	// -z -v -n: source, line, pattern and path, each ended by NUL; an
	// empty source is a path no pattern matches.
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	require.Len(t, fields, 4*len(paths), "one answer a path")
	for i := 0; i < len(fields); i += 4 {
		source, pattern, path := fields[i], fields[i+2], fields[i+3]
		ignored := source != "" && !strings.HasPrefix(pattern, "!")
		assert.True(t, ignored, "%s is where the repository builds a program, and .gitignore does not list it", path)
	}
}

// outputFlag finds a go build or go test -c writing with -o.
var outputFlag = regexp.MustCompile(`\b(?:build|test)\b[^#\n]*?\s-o\s+"?([^\s"]+)`)

// makeVar finds a Makefile's variable definitions.
var makeVar = regexp.MustCompile(`(?m)^([A-Z_]+)\s*[?:]?=\s*(\S+)`)

// goBuildOutputs lists, relative to the root, every path a build of the
// repository writes a program to.
func goBuildOutputs(t *testing.T, root string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.Name}} {{.ImportPath}}", module+"/...").CombinedOutput()
	require.NoError(t, err, "go list: %s", out)
	var paths []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		name, pkg, _ := strings.Cut(line, " ")
		dir := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
		bin := filepath.Base(pkg) // go build names a program after its import path
		paths = append(paths, bin+".test", filepath.Join(dir, bin+".test"))
		if name == "main" {
			paths = append(paths, bin, bin+".exe", filepath.Join(dir, bin), filepath.Join(dir, bin+".exe"))
		}
	}
	scripts, err := filepath.Glob(filepath.Join(root, "scripts", "*.sh"))
	require.NoError(t, err)
	for _, f := range append(scripts, filepath.Join(root, "Makefile")) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		text := string(src)
		for _, def := range makeVar.FindAllStringSubmatch(text, -1) {
			text = strings.ReplaceAll(text, "$("+def[1]+")", def[2])
		}
		for _, m := range outputFlag.FindAllStringSubmatch(text, -1) {
			if p := m[1]; !strings.Contains(p, "$") && !filepath.IsAbs(p) {
				paths = append(paths, filepath.Clean(p)) // not a folder the script makes
			}
		}
	}
	slices.Sort(paths)
	return slices.Compact(paths)
}
