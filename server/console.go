package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"duskfall/internal/waitgroup"
)

// The operator's console: a dedicated server reads commands from its
// standard input, one a line, on a goroutine of its own, and hands each to
// the loop through a channel; the loop applies it between ticks and answers
// in one line, which the console writes. Reading never holds up a tick,
// and the end of the input ends the console, not the server.

// Command is one console line for the loop, and where its answer goes.
type Command struct {
	Line string
	// Reply is called once with the answer, on the loop's goroutine; it
	// must not block.
	Reply func(string)
}

// commandQueue bounds the commands waiting for the loop.
const commandQueue = 16

// Commands is where a console hands the loop its commands. The loop takes
// them at the start of each Step.
func (s *Runtime) Commands() chan<- Command { return s.commands }

// Stopping says whether an operator asked the server to stop; Run returns
// once it is set, as when its context ends.
func (s *Runtime) Stopping() bool { return s.stopping }

// takeCommands applies the commands handed over since the last tick.
func (s *Runtime) takeCommands() {
	for {
		select {
		case c := <-s.commands:
			s.Do(c.Line, c.Reply)
		default:
			return
		}
	}
}

// ConsoleHelp is the answer to an unknown command.
const ConsoleHelp = "commands: list, kick NAME, ban NAME [REASON], unban NAME, say TEXT, save, stop"

// Do applies one console line and hands reply its one-line answer (save's
// once the store has written). It runs on the loop's goroutine.
func (s *Runtime) Do(line string, reply func(string)) {
	// The words may reach players (a ban's reason, say's text), whose
	// messages carry UTF-8 only.
	verb, arg, _ := strings.Cut(strings.TrimSpace(strings.ToValidUTF8(line, "?")), " ")
	arg = strings.TrimSpace(arg)
	needsName := func(f func(string) string) {
		if arg == "" {
			reply(verb + " whom? (" + verb + " NAME)")
			return
		}
		reply(f(arg))
	}
	switch strings.ToLower(verb) {
	case "list":
		reply(s.listWords())
	case "kick":
		needsName(s.Kick)
	case "ban":
		name, reason, _ := strings.Cut(arg, " ")
		needsName(func(string) string { return s.Ban(name, reason) })
	case "unban":
		needsName(s.Unban)
	case "say":
		reply(s.Say(arg))
	case "save":
		s.saveAll(reply)
	case "stop":
		s.stopping = true
		reply("stopping")
	case "":
		reply(ConsoleHelp)
	default:
		reply(fmt.Sprintf("no command %q; %s", verb, ConsoleHelp))
	}
}

// Console reads commands from in until it ends (or ctx does), hands each
// to the loop and writes its answer to out, one line each.
type Console struct {
	out     io.Writer
	mu      sync.Mutex
	pending sync.WaitGroup // answers handed over and not yet written
}

// NewConsole makes a console that writes its answers to out.
func NewConsole(out io.Writer) *Console { return &Console{out: out} }

// Run reads in line by line until it ends or ctx does. A line waits for
// the loop's answer before the next is read, so answers come in order.
func (c *Console) Run(ctx context.Context, in io.Reader, cmds chan<- Command) {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		answer := make(chan string, 1)
		c.pending.Add(1)
		select {
		case cmds <- Command{Line: line, Reply: func(a string) { answer <- a }}:
		case <-ctx.Done():
			c.pending.Done()
			return
		}
		select {
		case a := <-answer:
			c.write(a)
			c.pending.Done()
		case <-ctx.Done():
			c.pending.Done()
			return
		}
	}
}

func (c *Console) write(line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintln(c.out, line)
}

// Flush waits, at most limit, for the answers the loop gave to be
// written: stop's "stopping" before the process exits.
func (c *Console) Flush(limit time.Duration) { waitgroup.Within(&c.pending, limit) }
