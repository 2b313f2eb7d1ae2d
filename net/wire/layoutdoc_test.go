package wire_test

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
)

// This file reads the layout tables out of doc.go, so that the tests in
// layout_test.go can hold them to the encoders. The tables are written for
// people; the reader accepts exactly the shapes doc.go describes:
//
//	Name 0xNN (dir), <size> bytes      a message, in a "Channel c, mode:" section
//	  off  size  field ...             a row: offset, size, field name first
//	    off  size  field ...           a row of one record of the row above
//	kind  name  payload  fields        an event kind: number, name, payload
//	                     ...           size and "name type" pairs, continued
//	                                   on lines that start with spaces
//
// Offsets and sizes are arithmetic over integers and the one-letter names
// n, m, k and p (· multiplies, − subtracts); a size of … runs to the end.

// docRow is one row of a message table.
type docRow struct {
	off, size string   // expressions, as written
	name      string   // the field's name: the first word of its text
	record    []docRow // the rows of one record, for a repeated group
}

// docMessage is one message's table.
type docMessage struct {
	name      string
	typ       uint8
	dir       string // as written: client→server or server→client
	channel   uint8
	reliable  bool   // what the channel's section heading says
	unordered bool   // the heading says unreliable unordered
	size      string // the documented packet size, "" when none is given
	rows      []docRow
}

// docField is one "name type" pair of an event payload.
type docField struct {
	name string
	size int
}

// docEvent is one row of the event-kind table.
type docEvent struct {
	kind    uint8
	name    string
	payload int
	fields  []docField
}

type docLayouts struct {
	messages []docMessage
	events   []docEvent
}

var (
	channelLine = regexp.MustCompile(`^Channel (\d+), (unreliable sequenced|unreliable unordered|reliable)`)
	messageLine = regexp.MustCompile(`^(\w+) 0x([0-9a-f]{2}) \((client→server|server→client)\)(?:, (.+?) bytes)?$`)
	rowLine     = regexp.MustCompile(`^( {2}| {4})(\S+)\s+(\S+)\s+(\S.*)$`)
	eventLine   = regexp.MustCompile(`^(\S+)\s+(\w+)\s+(\d+)\s+(.*)$`)
	typedField  = regexp.MustCompile(`(\w+) (u8|i8|u16|i16|u32|f32)\b`)
	exprToken   = regexp.MustCompile(`^[0-9nmkpe+\-−·()]+$`)
	typeSizes   = map[string]int{"u8": 1, "i8": 1, "u16": 2, "i16": 2, "u32": 4, "f32": 4}
)

// readDocLayouts parses the layout tables of doc.go.
func readDocLayouts(t *testing.T) docLayouts {
	t.Helper()
	f, err := os.Open("doc.go")
	require.NoError(t, err)
	defer f.Close()
	var p docParser
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p.line(sc.Text())
	}
	require.NoError(t, sc.Err())
	p.endEvent()
	return p.out
}

// docParser holds where the parse is: the channel section, and the message
// or event row that following lines may add to.
type docParser struct {
	out       docLayouts
	channel   uint8
	reliable  bool
	unordered bool
	msg       *docMessage
	event     *docEvent
}

func (p *docParser) line(l string) {
	text, ok := strings.CutPrefix(l, "//")
	if !ok {
		return
	}
	code, isCode := strings.CutPrefix(text, "\t")
	if !isCode {
		p.prose(strings.TrimSpace(text))
		return
	}
	switch {
	case p.eventRow(code), p.continuation(code), p.messageHeader(code), p.messageRow(code):
	default:
		p.endEvent()
	}
}

// prose reads a channel section's heading; any prose ends a table.
func (p *docParser) prose(text string) {
	p.endEvent()
	if m := channelLine.FindStringSubmatch(text); m != nil {
		ch, _ := strconv.Atoi(m[1])
		p.channel, p.reliable, p.unordered, p.msg = uint8(ch), m[2] == "reliable", m[2] == "unreliable unordered", nil
	}
}

func (p *docParser) messageHeader(code string) bool {
	m := messageLine.FindStringSubmatch(code)
	if m == nil {
		return false
	}
	typ, _ := strconv.ParseUint(m[2], 16, 8)
	p.out.messages = append(p.out.messages, docMessage{
		name: m[1], typ: uint8(typ), dir: m[3], channel: p.channel, reliable: p.reliable, unordered: p.unordered, size: m[4],
	})
	p.msg = &p.out.messages[len(p.out.messages)-1]
	return true
}

// messageRow reads a row of the current message, or of the record of its
// last row when indented further.
func (p *docParser) messageRow(code string) bool {
	m := rowLine.FindStringSubmatch(code)
	if m == nil || p.msg == nil || !exprToken.MatchString(m[2]) || !(exprToken.MatchString(m[3]) || m[3] == "…") {
		return false
	}
	row := docRow{off: m[2], size: m[3], name: firstWord(m[4])}
	if len(m[1]) == 2 {
		p.msg.rows = append(p.msg.rows, row)
		return true
	}
	if len(p.msg.rows) == 0 {
		return false
	}
	last := &p.msg.rows[len(p.msg.rows)-1]
	last.record = append(last.record, row)
	return true
}

// eventRow starts a row of the event-kind table: a line that begins with a
// kind number.
func (p *docParser) eventRow(code string) bool {
	m := eventLine.FindStringSubmatch(code)
	if m == nil {
		return false
	}
	kind, err := strconv.ParseUint(m[1], 0, 8)
	if err != nil {
		return false
	}
	p.endEvent()
	payload, _ := strconv.Atoi(m[3])
	p.event = &docEvent{kind: uint8(kind), name: m[2], payload: payload}
	p.eventFields(m[4])
	return true
}

// continuation adds a line that starts with spaces to the event row above.
func (p *docParser) continuation(code string) bool {
	if p.event == nil || !strings.HasPrefix(code, " ") {
		return false
	}
	p.eventFields(code)
	return true
}

func (p *docParser) eventFields(text string) {
	for _, m := range typedField.FindAllStringSubmatch(text, -1) {
		p.event.fields = append(p.event.fields, docField{name: m[1], size: typeSizes[m[2]]})
	}
}

func (p *docParser) endEvent() {
	if p.event != nil {
		p.out.events = append(p.out.events, *p.event)
		p.event = nil
	}
}

// firstWord is the identifier a row's text starts with: the field's name.
func firstWord(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if end < 0 {
		return s
	}
	return s[:end]
}

// evalLayout evaluates an offset or size expression with the variables of
// one encoded value. Spaces are for reading only.
func evalLayout(expr string, vars map[string]int) (int, error) {
	e := layoutExpr{s: []rune(strings.ReplaceAll(expr, " ", "")), vars: vars}
	v := e.sum()
	if e.err == nil && e.i != len(e.s) {
		e.err = fmt.Errorf("unexpected %q", string(e.s[e.i:]))
	}
	if e.err != nil {
		return 0, fmt.Errorf("%q: %w", expr, e.err)
	}
	return v, nil
}

// layoutExpr is a recursive-descent evaluator of + − · ( ) over integers
// and one-letter variables.
type layoutExpr struct {
	s    []rune
	i    int
	vars map[string]int
	err  error
}

func (e *layoutExpr) peek() rune {
	if e.i < len(e.s) {
		return e.s[e.i]
	}
	return 0
}

func (e *layoutExpr) sum() int {
	v := e.product()
	for e.err == nil {
		switch e.peek() {
		case '+':
			e.i++
			v += e.product()
		case '-', '−':
			e.i++
			v -= e.product()
		default:
			return v
		}
	}
	return v
}

func (e *layoutExpr) product() int {
	v := e.factor()
	for e.err == nil && e.peek() == '·' {
		e.i++
		v *= e.factor()
	}
	return v
}

func (e *layoutExpr) factor() int {
	c := e.peek()
	switch {
	case c == '(':
		e.i++
		v := e.sum()
		if e.peek() != ')' {
			e.err = fmt.Errorf("unclosed parenthesis")
		}
		e.i++
		return v
	case unicode.IsDigit(c):
		start := e.i
		for unicode.IsDigit(e.peek()) {
			e.i++
		}
		v, _ := strconv.Atoi(string(e.s[start:e.i]))
		return v
	case unicode.IsLetter(c):
		e.i++
		v, ok := e.vars[string(c)]
		if !ok {
			e.err = fmt.Errorf("no value for %c", c)
		}
		return v
	}
	e.err = fmt.Errorf("unexpected %q", string(c))
	return 0
}
