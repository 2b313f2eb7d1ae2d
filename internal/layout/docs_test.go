package layout

import (
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The docs are held to what is there: docs/ARCHITECTURE.md's package map to
// the packages go list finds, and every relative link in the repository's
// Markdown to a file, and a heading, that exist.

const architectureDoc = "docs/ARCHITECTURE.md"

// mapRow is a row of the package map: what it maps (a folder, or files
// with commas between them), then its role.
var mapRow = regexp.MustCompile(`^((?:\S+, )*\S+)\s+\S`)

// packageMapRows reads what each row of docs/ARCHITECTURE.md's package map
// (the code block under "## Packages") maps: a row starts at the line's
// first column with a package's folder, or the program's files
// ("main.go, gui.go"), and the indented lines under it continue its role.
func packageMapRows(doc string) ([]string, error) {
	_, section, ok := strings.Cut(doc, "\n## Packages\n")
	if !ok {
		return nil, fmt.Errorf("%s has no section ## Packages", architectureDoc)
	}
	_, block, ok := strings.Cut(section, "```\n")
	if ok {
		block, _, ok = strings.Cut(block, "```")
	}
	if !ok {
		return nil, fmt.Errorf("%s: ## Packages has no code block", architectureDoc)
	}
	var rows []string
	for _, line := range strings.Split(block, "\n") {
		if line == "" || line[0] == ' ' {
			continue
		}
		m := mapRow.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("%s: the row %q says nothing of its role", architectureDoc, line)
		}
		rows = append(rows, strings.Split(m[1], ", ")...)
	}
	return rows, nil
}

// packageMapProblems holds the map's rows to the module's packages (their
// folders relative to the module, "" for the program at its root): every
// package has a row, and every row names a package, a Go file of the
// program at the root, or a folder that holds no package (scripts/).
// exists says whether a path relative to the root is there.
func packageMapProblems(rows, packages []string, exists func(string) bool) []string {
	var problems []string
	mapped := map[string]bool{}
	for _, row := range rows {
		dir := strings.TrimSuffix(row, "/")
		switch {
		case strings.HasSuffix(row, ".go") && !strings.Contains(row, "/") && exists(row):
			mapped[""] = true
		case slices.Contains(packages, dir):
			mapped[dir] = true
		case !strings.HasSuffix(row, ".go") && exists(dir+"/"):
			// a folder of the repository that is not a package
		default:
			problems = append(problems, fmt.Sprintf("the row %q names no package, program file or folder there is", row))
		}
	}
	for _, p := range packages {
		if !mapped[p] {
			problems = append(problems, fmt.Sprintf("the package %q has no row: add one with its role", path.Join(module, p)))
		}
	}
	return problems
}

func TestThePackageMapReader(t *testing.T) {
	doc := "# A\n\n## Packages\n\n```\nmain.go, gui.go     flags\ngame/               the world\n" +
		"                    and more of it\nnet/wire            codecs\nscripts/            the scripts\n```\n\n## Next\n"
	rows, err := packageMapRows(doc)
	require.NoError(t, err)
	assert.Equal(t, []string{"main.go", "gui.go", "game/", "net/wire", "scripts/"}, rows)
	there := func(p string) bool {
		return slices.Contains([]string{"main.go", "gui.go", "game/", "net/wire/", "net/seal/", "scripts/"}, p)
	}
	cases := []struct {
		name     string
		rows     []string
		packages []string
		want     []string
	}{
		{"a map of every package passes", rows, []string{"", "game", "net/wire"}, nil},
		{"a package without a row is named", rows, []string{"", "game", "net/wire", "net/seal"},
			[]string{`the package "duskfall/net/seal" has no row: add one with its role`}},
		{"a row of a package that is gone is named", slices.Concat(rows, []string{"net/lan"}), []string{"", "game", "net/wire"},
			[]string{`the row "net/lan" names no package, program file or folder there is`}},
		{"a row of a program file that is gone is named", slices.Concat(rows, []string{"gui_headless.go"}), []string{"", "game", "net/wire"},
			[]string{`the row "gui_headless.go" names no package, program file or folder there is`}},
		{"the program needs a row of one of its files", rows[2:], []string{"", "game", "net/wire"},
			[]string{`the package "duskfall" has no row: add one with its role`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, packageMapProblems(c.rows, c.packages, there))
		})
	}
	t.Run("a map without its section is refused", func(t *testing.T) {
		_, err := packageMapRows("# A\n\n## Modules\n")
		assert.Error(t, err)
	})
}

// TestTheArchitectureDocMapsEveryPackage holds docs/ARCHITECTURE.md's
// package map to go list: a new package needs a row, a removed one loses
// its row.
func TestTheArchitectureDocMapsEveryPackage(t *testing.T) {
	root := filepath.Join("..", "..")
	doc, err := os.ReadFile(filepath.Join(root, architectureDoc))
	require.NoError(t, err)
	rows, err := packageMapRows(string(doc))
	require.NoError(t, err)
	out, err := exec.Command("go", "list", module+"/...").CombinedOutput()
	require.NoError(t, err, "go list: %s", out)
	var packages []string
	for _, p := range strings.Fields(string(out)) {
		packages = append(packages, strings.TrimPrefix(strings.TrimPrefix(p, module), "/"))
	}
	require.Contains(t, packages, "net/wire", "the walk finds the module's packages")
	exists := func(p string) bool {
		info, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
		return err == nil && info.IsDir() == strings.HasSuffix(p, "/")
	}
	for _, problem := range packageMapProblems(rows, packages, exists) {
		t.Errorf("%s, ## Packages: %s", architectureDoc, problem)
	}
}

// A Markdown link's target: inline, [text](target "title"), and by
// reference, [label]: target.
var (
	inlineLink    = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	referenceLink = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)`)
	codeSpan      = regexp.MustCompile("(`+)[^`]*?(`+)")
	headingLine   = regexp.MustCompile(`^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$`)
	linkInHeading = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	scheme        = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// prose is a Markdown file's text with its fenced code blocks and code
// spans blanked, line for line, so that what they quote is neither a link
// nor a heading.
func prose(md string) []string {
	lines := strings.Split(md, "\n")
	fence := ""
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " ")
		if fence == "" && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")) {
			fence = trimmed[:3]
			lines[i] = ""
			continue
		}
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			lines[i] = ""
			continue
		}
		lines[i] = codeSpan.ReplaceAllStringFunc(line, func(s string) string { return strings.Repeat(" ", len(s)) })
	}
	return lines
}

// anchor is the fragment GitHub gives a heading: its text lower-cased,
// without what is neither a letter, a mark, a digit, a connector (_), a
// space nor a hyphen, spaces made hyphens.
func anchor(heading string) string {
	heading = linkInHeading.ReplaceAllString(heading, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.Pc):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors lists the fragments of a Markdown file's headings; a heading
// whose fragment came before gets -1, -2 and on, as GitHub numbers them.
func anchors(md string) map[string]bool {
	raw := strings.Split(md, "\n")
	seen := map[string]int{}
	all := map[string]bool{}
	for i, line := range prose(md) {
		if line == "" || !headingLine.MatchString(line) {
			continue
		}
		a := anchor(headingLine.FindStringSubmatch(raw[i])[2]) // the code spans' text counts
		if n := seen[a]; n > 0 {
			all[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			all[a] = true
		}
		seen[a]++
	}
	return all
}

// link is one relative link of a Markdown file.
type link struct {
	line   int
	target string
}

// relativeLinks lists a Markdown file's links that lead within the
// repository: not to a scheme (https:, mailto:) or another host.
func relativeLinks(md string) []link {
	var links []link
	for i, line := range prose(md) {
		var targets []string
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			targets = append(targets, m[1])
		}
		if m := referenceLink.FindStringSubmatch(line); m != nil {
			targets = append(targets, m[1])
		}
		for _, tgt := range targets {
			if !scheme.MatchString(tgt) && !strings.HasPrefix(tgt, "//") {
				links = append(links, link{i + 1, tgt})
			}
		}
	}
	return links
}

// brokenLink says what is wrong with a link from the Markdown file from
// (a path relative to the root, in slashes), or "": read gives a file's
// content relative to the root, or an error when it is not there.
func brokenLink(from, target string, read func(string) ([]byte, bool, error)) string {
	file, fragment, _ := strings.Cut(target, "#")
	file, err := url.PathUnescape(file)
	if err != nil {
		return "the path is not a valid URL path"
	}
	to := from
	switch {
	case file == "":
	case strings.HasPrefix(file, "/"):
		to = path.Clean(strings.TrimPrefix(file, "/"))
	default:
		to = path.Join(path.Dir(from), file)
	}
	if to == ".." || strings.HasPrefix(to, "../") {
		return "it leads out of the repository"
	}
	content, isDir, err := read(to)
	if err != nil {
		return fmt.Sprintf("%s is not there", to)
	}
	if fragment == "" || isDir || !strings.HasSuffix(to, ".md") {
		return ""
	}
	if !anchors(string(content))[fragment] {
		return fmt.Sprintf("%s has no heading whose anchor is #%s", to, fragment)
	}
	return ""
}

func TestTheLinkReader(t *testing.T) {
	doc := "# Title\n\n## For implementers: writing a client\n\n### `make test`, and—more\n\n## Data flow\n\n## Data flow\n\n" +
		"```sh\n# a comment, no heading\n[not](a-link.md)\n```\n\n" +
		"See [the flow](#data-flow), [more](../README.md#play \"title\"), `[code](nowhere.md)` and\n" +
		"[a site](https://example.com), ![art](img/a.png).\n\n[ref]: OPERATIONS.md#modes\n"
	t.Run("anchors follow GitHub's rules", func(t *testing.T) {
		assert.Equal(t, map[string]bool{"title": true, "for-implementers-writing-a-client": true,
			"make-test-andmore": true, "data-flow": true, "data-flow-1": true}, anchors(doc))
		assert.Equal(t, "sealed-sessions", anchor("Sealed sessions"))
		assert.Equal(t, "leaving-every-exit-runs-the-same-channel", anchor("Leaving: every exit runs the same channel"))
		assert.Equal(t, "the-world-links", anchor("The [world](x.md) links"))
		assert.Equal(t, "go_held-and-ünïcode", anchor("go_held and Ünïcode"))
	})
	t.Run("only relative links outside code are read", func(t *testing.T) {
		assert.Equal(t, []link{{16, "#data-flow"}, {16, "../README.md#play"}, {17, "img/a.png"}, {19, "OPERATIONS.md#modes"}},
			relativeLinks(doc))
	})
	files := map[string]string{"docs/A.md": doc, "README.md": "# Duskfall\n\n## Play\n", "docs/img/a.png": "", "docs/OPERATIONS.md": "## Modes\n"}
	read := func(p string) ([]byte, bool, error) {
		if p == "docs" || p == "docs/img" {
			return nil, true, nil
		}
		if s, ok := files[p]; ok {
			return []byte(s), false, nil
		}
		return nil, false, fs.ErrNotExist
	}
	cases := []struct{ target, want string }{
		{"#data-flow", ""},
		{"#data-flow-1", ""},
		{"../README.md#play", ""},
		{"img/a.png", ""},
		{"img/", ""},
		{"OPERATIONS.md#modes", ""},
		{"#data-flow-2", "docs/A.md has no heading whose anchor is #data-flow-2"},
		{"../README.md#Play", "README.md has no heading whose anchor is #Play"},
		{"NETCODE.md", "docs/NETCODE.md is not there"},
		{"img/b.png#x", "docs/img/b.png is not there"},
		{"../../elsewhere.md", "it leads out of the repository"},
	}
	for _, c := range cases {
		t.Run("a link to "+c.target, func(t *testing.T) {
			assert.Equal(t, c.want, brokenLink("docs/A.md", c.target, read))
		})
	}
}

// TestEveryRelativeLinkInTheDocsLeadsSomewhere reads every Markdown file of
// the repository (README.md, CONTRIBUTING.md, docs/ and the rest): each
// relative link leads to a file or folder that is there and, with a
// #fragment into Markdown, to one of its headings.
func TestEveryRelativeLinkInTheDocsLeadsSomewhere(t *testing.T) {
	root := filepath.Join("..", "..")
	read := func(p string) ([]byte, bool, error) {
		full := filepath.Join(root, filepath.FromSlash(p))
		info, err := os.Stat(full)
		if err != nil || info.IsDir() {
			return nil, err == nil, err
		}
		b, err := os.ReadFile(full)
		return b, false, err
	}
	var docs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(root, p)
			docs = append(docs, filepath.ToSlash(rel))
			return err
		}
		return nil
	})
	require.NoError(t, err)
	require.Subset(t, docs, []string{"README.md", "CONTRIBUTING.md", architectureDoc}, "the walk finds the docs")
	links := 0
	for _, doc := range docs {
		md, _, err := read(doc)
		require.NoError(t, err)
		for _, l := range relativeLinks(string(md)) {
			links++
			if why := brokenLink(doc, l.target, read); why != "" {
				t.Errorf("%s:%d: the link %s is broken: %s", doc, l.line, l.target, why)
			}
		}
	}
	require.NotZero(t, links, "the walk reads the docs' links")
}
