package opsweb

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/prometheus/client_golang/prometheus"

	"duskfall/server"
)

// Prefix starts every metric's name taken from the status.
const Prefix = "duskfall_"

// The status fields that are not plain figures become these metrics: the
// tick histogram, the snapshot's time, and the words (port mapping, store
// fault) as the labels of one info gauge.
const (
	histField    = "tick_hist"
	updatedField = "updated"
	infoName     = Prefix + "status_info"
)

// figure is one numeric status field as a metric.
type figure struct {
	index int // the field's index in server.Status
	desc  *prometheus.Desc
	kind  prometheus.ValueType
}

// statusCollector turns the latest status snapshot into metrics on each
// scrape: nothing is counted twice, and the loop does no extra work.
type statusCollector struct {
	src     Source
	figures []figure
	words   []int // indexes of the string fields, the info gauge's labels
	info    *prometheus.Desc
	hist    *prometheus.Desc
	updated *prometheus.Desc
}

// newStatusCollector reads server.Status's fields once: their json names
// make the metrics' names, their metric tags say counter or left out.
func newStatusCollector(src Source) *statusCollector {
	c := &statusCollector{src: src}
	var labels []string
	t := reflect.TypeFor[server.Status]()
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case f.Tag.Get("metric") == "-":
		case name == histField:
			c.hist = prometheus.NewDesc(Prefix+name, "Steps since start by how long they took, in ms.", nil, nil)
		case name == updatedField:
			c.updated = prometheus.NewDesc(Prefix+name, "When the status snapshot was taken, in seconds since the Unix epoch.", nil, nil)
		case f.Type.Kind() == reflect.String:
			c.words = append(c.words, i)
			labels = append(labels, name)
		default:
			c.figures = append(c.figures, newFigure(i, f, name))
		}
	}
	c.info = prometheus.NewDesc(infoName, "The status file's words, as labels; the value is always 1.", labels, nil)
	return c
}

func newFigure(index int, f reflect.StructField, name string) figure {
	switch f.Type.Kind() {
	case reflect.Int, reflect.Uint32, reflect.Uint64, reflect.Float64, reflect.Bool:
	default:
		panic(fmt.Sprintf("opsweb: the status field %s (%s) has no metric kind: tag it metric:\"-\" or teach newFigure", name, f.Type))
	}
	help := "The status file's " + name + "."
	if f.Tag.Get("metric") == "counter" {
		return figure{index, prometheus.NewDesc(Prefix+name+"_total", help, nil, nil), prometheus.CounterValue}
	}
	return figure{index, prometheus.NewDesc(Prefix+name, help, nil, nil), prometheus.GaugeValue}
}

func (c *statusCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, f := range c.figures {
		ch <- f.desc
	}
	ch <- c.info
	ch <- c.hist
	ch <- c.updated
}

// Collect sends nothing until the server took its first status.
func (c *statusCollector) Collect(ch chan<- prometheus.Metric) {
	v := c.src.Vitals()
	if !v.HasStatus {
		return
	}
	st := reflect.ValueOf(v.Status)
	for _, f := range c.figures {
		ch <- prometheus.MustNewConstMetric(f.desc, f.kind, number(st.Field(f.index)))
	}
	words := make([]string, len(c.words))
	for i, index := range c.words {
		words[i] = st.Field(index).String()
	}
	ch <- prometheus.MustNewConstMetric(c.info, prometheus.GaugeValue, 1, words...)
	ch <- prometheus.MustNewConstHistogram(c.hist, steps(v.Status), v.Status.TickMsSum, tickBuckets(v.Status))
	ch <- prometheus.MustNewConstMetric(c.updated, prometheus.GaugeValue, float64(v.Status.Updated.UnixMilli())/1000)
}

// number is a numeric or boolean field's value.
func number(v reflect.Value) float64 {
	switch v.Kind() {
	case reflect.Int:
		return float64(v.Int())
	case reflect.Uint32, reflect.Uint64:
		return float64(v.Uint())
	case reflect.Bool:
		if v.Bool() {
			return 1
		}
		return 0
	}
	return v.Float()
}

// steps is how many steps the histogram counts.
func steps(st server.Status) uint64 {
	var n uint64
	for _, b := range st.TickHist {
		n += b
	}
	return n
}

// tickBuckets makes the status's per-bucket counts cumulative, as
// Prometheus's le buckets are; the last bucket is the count itself.
func tickBuckets(st server.Status) map[float64]uint64 {
	b := make(map[float64]uint64, len(server.TickHistBoundsMs))
	var below uint64
	for i, bound := range server.TickHistBoundsMs {
		below += st.TickHist[i]
		b[bound] = below
	}
	return b
}
