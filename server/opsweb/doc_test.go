package opsweb

import (
	"bufio"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/server"
)

// docs/OPERATIONS.md lists the metrics in a table under "### Metric
// names": the metric in backticks, its type, what it measures, and the
// status fields it stands for, in backticks.
const (
	opsDoc         = "../../docs/OPERATIONS.md"
	metricsHeading = "### Metric names"
)

// docMetric is one row of the doc's metrics table.
type docMetric struct {
	name, kind string
	fields     []string
}

var backticked = regexp.MustCompile("`([^`]*)`")

// documentedMetrics reads the metrics table's rows.
func documentedMetrics(t *testing.T) []docMetric {
	t.Helper()
	f, err := os.Open(opsDoc)
	require.NoError(t, err)
	defer f.Close()
	var rows []docMetric
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			in = line == metricsHeading
			continue
		}
		if !in || !strings.HasPrefix(line, "| `") {
			continue // outside the section, or the table's header
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		require.Len(t, cells, 4, "a metric row has four cells: %s", line)
		name := backticked.FindStringSubmatch(cells[0])
		require.NotNil(t, name, line)
		row := docMetric{name: name[1], kind: strings.TrimSpace(cells[1])}
		for _, m := range backticked.FindAllStringSubmatch(cells[3], -1) {
			row.fields = append(row.fields, m[1])
		}
		rows = append(rows, row)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, rows, "%s has a table under %s", opsDoc, metricsHeading)
	return rows
}

// assertTheDocListsEveryMetric holds the doc's table to a scrape: every
// duskfall_ metric has a row of its type, every row names a metric of
// the scrape, and every status field is in a row.
func assertTheDocListsEveryMetric(t *testing.T, fams map[string]*dto.MetricFamily) {
	rows := documentedMetrics(t)
	var documented, fields []string
	for _, row := range rows {
		documented = append(documented, row.name)
		fields = append(fields, row.fields...)
		if f, ok := fams[row.name]; assert.True(t, ok, "the doc lists %s, which the scrape lacks", row.name) {
			assert.Equal(t, strings.ToLower(f.GetType().String()), row.kind, "%s's type", row.name)
		}
	}
	for name := range fams {
		if strings.HasPrefix(name, Prefix) {
			assert.True(t, slices.Contains(documented, name), "the scrape has %s, which the doc does not list", name)
		}
	}
	assert.Len(t, slices.Compact(slices.Sorted(slices.Values(documented))), len(documented), "each metric has one row")
	t.Run("and says where every field of the status file went", func(t *testing.T) {
		st := reflect.TypeFor[server.Status]()
		for i := range st.NumField() {
			name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
			assert.True(t, slices.Contains(fields, name), "no row of the metrics table names the status field %s", name)
		}
	})
}
