package netsim

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Main runs the proxy from the command line until SIGINT or SIGTERM and
// returns the process exit code: 0 after a clean stop, 1 if the proxy
// cannot start, 2 for bad flags.
func Main(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return run(ctx, args, os.Stderr)
}

// run is Main with its context and output passed in, for tests.
func run(ctx context.Context, args []string, out io.Writer) int {
	listen, target, cfg, err := parseFlags(args, out)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(out, "netsim:", err)
		return 2
	}
	p, err := Start(listen, target, cfg)
	if err != nil {
		fmt.Fprintln(out, "netsim:", err)
		return 1
	}
	fmt.Fprintf(out, "netsim: %s -> %s: loss %g%%, latency %v ±%v, dup %g%%, reorder %g%%, seed %d\n",
		p.Addr(), target, cfg.Loss, cfg.Latency, cfg.Jitter, cfg.Dup, cfg.Reorder, cfg.Seed)
	<-ctx.Done()
	p.Close()
	st := p.Stats()
	fmt.Fprintf(out, "netsim: in %d, dropped %d, duplicated %d, reordered %d, delivered %d, clients %d\n",
		st.In, st.Dropped, st.Duplicated, st.Reordered, st.Delivered, st.Sessions)
	return 0
}

func parseFlags(args []string, out io.Writer) (listen, target string, cfg Config, err error) {
	fs := flag.NewFlagSet("netsim", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&listen, "listen", "127.0.0.1:7778", "UDP address clients connect to")
	fs.StringVar(&target, "target", "", "UDP address of the server (required)")
	fs.Float64Var(&cfg.Loss, "loss", 0, "packet loss, percent")
	fs.DurationVar(&cfg.Latency, "latency", 0, "added one-way latency")
	fs.DurationVar(&cfg.Jitter, "jitter", 0, "latency varies uniformly within ±jitter")
	fs.Float64Var(&cfg.Dup, "dup", 0, "packets duplicated, percent")
	fs.Float64Var(&cfg.Reorder, "reorder", 0, "packets held back to be overtaken, percent")
	fs.DurationVar(&cfg.ReorderDelay, "reorder-delay", DefaultReorderDelay, "how long a reordered packet is held back")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed; the same seed replays the same choices")
	if err = fs.Parse(args); err != nil {
		return
	}
	switch {
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case target == "":
		err = errors.New("--target is required")
	default:
		err = cfg.Validate()
	}
	return
}
