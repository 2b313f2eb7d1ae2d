// Soak runs a dedicated server for a long time under churn and checks that
// it stays healthy. It builds nothing: it takes the path of the headless
// binary (go build -tags headless), starts it as a server on 127.0.0.1 on a
// free port, with a data folder, a status file and an item journal, and
// plays 64 bots against it as separate processes, 4 bots each, their
// scripts mixed among wander, fight and dungeon (some descending, some
// escaping with --leave-after). At random moments, from a seeded source,
// it SIGKILLs a bot process and starts it again with the same names (the
// same accounts); processes whose time is up end and start again.
//
// Once a second it reads the status file and the server's resident memory
// (/proc/PID/status VmRSS). The first 20 % of the run (at least 10 s) is
// warm-up. The run fails, with a line naming the check, on:
//   - "panic" in the server's log;
//   - a tick p99 over 8 ms after warm-up: more than 1 % of the steps
//     after warm-up taking 8 ms or more, from the status file's tick_hist
//     (each second's own tick_ms_p99 is kept in the figures);
//   - resident memory growing more than 10 % after warm-up: its floor
//     (lowest second) in the second half of the run after warm-up against
//     its floor in the first half;
//   - goroutines at the end above the end of warm-up by more than a slack;
//   - a server that does not stop cleanly on SIGTERM, or a store that does
//     not reopen afterwards;
//   - an item duplicated or lost: the item journal audited move by move,
//     and every item it shows carried stored in exactly one character.
//
// Usage:
//
//	go run ./cmd/soak --bin PATH [--duration 10m] [--seed 1] [--dir DIR]
//
// It prints one line of figures and exits 0 when every check passed.
// scripts/soak.sh builds the binary and runs it.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

// config is the command line.
type config struct {
	bin      string
	duration time.Duration
	seed     uint64
	dir      string // where the server's files go; "" a temporary folder
	procs    int    // bot processes
	perProc  int    // bots in each
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "", "the headless duskfall `binary` to run (required)")
	flag.DurationVar(&c.duration, "duration", 10*time.Minute, "how long the bots play")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the churn's random moments")
	flag.StringVar(&c.dir, "dir", "", "keep the server's data, log, status and journal in this `folder` (default: a temporary one, kept only on failure)")
	flag.IntVar(&c.procs, "procs", 16, "bot processes")
	flag.IntVar(&c.perProc, "per-proc", 4, "bots in each process")
	flag.Parse()
	if err := c.check(); err != nil {
		fmt.Fprintf(os.Stderr, "soak: %v\n", err)
		os.Exit(2)
	}
	os.Exit(run(c))
}

func (c config) check() error {
	switch {
	case c.bin == "":
		return fmt.Errorf("--bin: the headless binary to run is required")
	case c.duration < 30*time.Second:
		return fmt.Errorf("--duration %s: at least 30s, so warm-up and the end have samples of their own", c.duration)
	case c.procs < 1 || c.perProc < 1:
		return fmt.Errorf("--procs and --per-proc must be positive")
	}
	if _, err := os.Stat(c.bin); err != nil {
		return fmt.Errorf("--bin: %w", err)
	}
	return nil
}

// run soaks and says how it went: 0 when every check passed.
func run(c config) int {
	dir, keep := c.dir, c.dir != ""
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "duskfall-soak-"); err != nil {
			fmt.Fprintf(os.Stderr, "soak: %v\n", err)
			return 1
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "soak: %v\n", err)
		return 1
	}
	fig, err := soak(c, dir)
	if err != nil {
		fmt.Printf("soak: FAILED: %v\n", err)
		fmt.Printf("soak: the server's files are kept in %s\n", dir)
		return 1
	}
	if !keep {
		os.RemoveAll(dir)
	}
	fmt.Println(fig)
	return 0
}
