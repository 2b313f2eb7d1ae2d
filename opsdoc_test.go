package main

import (
	"bufio"
	"flag"
	"io"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/bots"
	"duskfall/game"
	"duskfall/server"
)

// docs/OPERATIONS.md is written for operators: a section a subject, and in
// the sections below a Markdown table whose first cell names what the row
// documents in backticks (`--port N`, or `players`, or several fields:
// `tick_ms_p50`, `tick_ms_p99`). The flags table's last cell is the
// default: a flag whose default is not a zero value shows it in backticks.
const (
	opsDoc           = "docs/OPERATIONS.md"
	flagsSection     = "Flags"
	statusSection    = "The status file"
	botReportSection = "The bot report"
	journalSection   = "The item journal"
)

// docTableRow is one row of a table: its cells, trimmed.
type docTableRow []string

// readDocTables returns the body rows of every table in path, by the "## "
// heading they sit under; header and separator rows are left out.
func readDocTables(t *testing.T, path string) map[string][]docTableRow {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	tables := map[string][]docTableRow{}
	section, header := "", false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if h, ok := strings.CutPrefix(line, "## "); ok {
			section = h
			continue
		}
		if !strings.HasPrefix(line, "|") {
			header = true // the next table starts with its header row
			continue
		}
		row := splitRow(line)
		if header || strings.HasPrefix(row[0], "---") {
			header = false
			continue
		}
		tables[section] = append(tables[section], row)
	}
	require.NoError(t, sc.Err())
	return tables
}

// splitRow cuts "| a | b |" into its trimmed cells.
func splitRow(line string) docTableRow {
	cells := strings.Split(strings.Trim(line, "|"), "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

var backticked = regexp.MustCompile("`([^`]*)`")

// namesIn is every backticked name in a row's first cell.
func namesIn(cell string) []string {
	var names []string
	for _, m := range backticked.FindAllStringSubmatch(cell, -1) {
		names = append(names, m[1])
	}
	return names
}

// documentedFlags maps each flag the Flags table names (without its dashes
// and its argument) to its default cell.
func documentedFlags(t *testing.T, rows []docTableRow) map[string]string {
	t.Helper()
	flags := map[string]string{}
	for _, row := range rows {
		names := namesIn(row[0])
		require.Len(t, names, 1, "a flag row names one flag: %q", row[0])
		name, _, _ := strings.Cut(strings.TrimPrefix(names[0], "--"), " ")
		flags[name] = row[len(row)-1]
	}
	return flags
}

// documentedFields is every field a status or bot-report table names.
func documentedFields(rows []docTableRow) []string {
	var fields []string
	for _, row := range rows {
		fields = append(fields, namesIn(row[0])...)
	}
	slices.Sort(fields)
	return fields
}

// jsonFields is every JSON name a struct's fields carry.
func jsonFields(v any) []string {
	var fields []string
	typ := reflect.TypeOf(v)
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			fields = append(fields, name)
		}
	}
	slices.Sort(fields)
	return fields
}

// realFlags is every flag of the command line, by name.
func realFlags() map[string]*flag.Flag {
	var o options
	flags := map[string]*flag.Flag{}
	newFlagSet(&o, io.Discard).VisitAll(func(f *flag.Flag) { flags[f.Name] = f })
	return flags
}

// zeroDefault says whether a flag's default is "nothing": off, empty, 0.
func zeroDefault(f *flag.Flag) bool {
	return slices.Contains([]string{"", "0", "false", "0s"}, f.DefValue)
}

// missing is every name of want that has lacks.
func missing(want, has []string) []string {
	var out []string
	for _, name := range want {
		if !slices.Contains(has, name) {
			out = append(out, name)
		}
	}
	return out
}

func TestTheOperationsDocMatchesTheCode(t *testing.T) {
	tables := readDocTables(t, opsDoc)
	docFlags := documentedFlags(t, tables[flagsSection])
	codeFlags := realFlags()
	require.NotEmpty(t, docFlags, "%s has a table under ## %s", opsDoc, flagsSection)
	docNames, codeNames := slices.Sorted(maps.Keys(docFlags)), slices.Sorted(maps.Keys(codeFlags))

	t.Run("every flag of the command line has a row", func(t *testing.T) {
		assert.Empty(t, missing(codeNames, docNames), "flags without a row in %s", opsDoc)
	})
	t.Run("every flag row names a flag of the command line", func(t *testing.T) {
		assert.Empty(t, missing(docNames, codeNames), "rows of %s for flags the command line lacks", opsDoc)
	})
	t.Run("every documented default is the flag's", func(t *testing.T) {
		for name, cell := range docFlags {
			f := codeFlags[name]
			if f == nil || zeroDefault(f) {
				continue
			}
			assert.Contains(t, namesIn(cell), f.DefValue, "--%s defaults to %s", name, f.DefValue)
		}
	})
	fieldCases := []struct {
		section string
		code    any
	}{
		{statusSection, server.Status{}},
		{botReportSection, bots.Report{}},
		{journalSection, server.JournalLine{}},
	}
	for _, c := range fieldCases {
		t.Run(c.section+" documents exactly the fields the code writes", func(t *testing.T) {
			doc := documentedFields(tables[c.section])
			require.NotEmpty(t, doc, "%s has a table under ## %s", opsDoc, c.section)
			code := jsonFields(c.code)
			assert.Empty(t, missing(code, doc), "fields the code writes that %s does not document", opsDoc)
			assert.Empty(t, missing(doc, code), "fields %s documents that the code does not write", opsDoc)
			assert.Len(t, slices.Compact(slices.Clone(doc)), len(doc), "each field has one row")
		})
	}
	t.Run("the item journal has a row for every op, by its number", func(t *testing.T) {
		var doc, code []int
		for _, row := range tables[journalSection] {
			if op, err := strconv.Atoi(row[0]); err == nil {
				doc = append(doc, op)
			}
		}
		for op := game.ItemMinted; op <= game.ItemSpent; op++ {
			code = append(code, int(op))
		}
		assert.Equal(t, code, doc)
	})
}
