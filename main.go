// Duskfall is a co-op bullet hell. One program plays every part:
//
//	duskfall                          the game window (main menu)
//	duskfall --host                   straight into Host and play
//	duskfall --join HOST:PORT         straight into a friend's game
//	duskfall --server                 a dedicated server, no window
//	duskfall --bot N --join HOST:PORT headless scripted players
//	duskfall netsim ...               a UDP impairment proxy for testing
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"duskfall/bots"
	"duskfall/game"
	"duskfall/internal/usage"
	"duskfall/levels"
	"duskfall/listen"
	"duskfall/net/lan"
	"duskfall/net/portmap"
	"duskfall/net/seal"
	"duskfall/net/transport"
	"duskfall/net/transport/netsim"
	"duskfall/net/wire"
	"duskfall/server"
	"duskfall/server/opsweb"
)

// options are the parsed command line.
type options struct {
	server     bool
	host       bool
	join       string
	bots       int
	duration   time.Duration
	leaveAfter time.Duration
	descend    int
	clears     int
	portal     int
	announce   bool
	bind       string
	idleKick   time.Duration
	script     string
	class      string
	name       string
	port       int
	statusFile string
	metrics    string // --metrics: the address of the metrics and health pages
	upnp       bool
	upnpSet    bool   // --upnp was given (false or true)
	journal    string // --item-journal
	perAddr    int    // --per-address
	dataDir    string
	backup     time.Duration // --backup-every
	seed       uint64
	startMap   string
	enter      string // --enter
	doomed     bool   // --enter-doomed
	levels     int    // --enter-levels
	items      string // --enter-items
	maxPlayers int
	newPerAddr int          // --new-accounts-per-address
	maxAccts   int          // --max-accounts
	password   string       // --password
	check      bool         // --check-content
	checkDir   string       // its folder; "" is the embedded content
	contentDir string       // --content; "" is the built-in content
	content    *levels.Pack // what this run plays, loaded by validate
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the exit, so tests can call it. stdin is the
// dedicated server's console.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "netsim" {
		return netsim.Main(args[1:])
	}
	opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "duskfall: %v\n", err)
		return 2
	}
	switch {
	case opts.check:
		return checkContent(opts.checkDir, stdout, stderr)
	case opts.server:
		return runServer(opts, stdin, stdout, stderr)
	case opts.bots > 0:
		return runBots(opts, stdout, stderr)
	default:
		if err := runWindow(opts); err != nil {
			fmt.Fprintf(stderr, "duskfall: %v\n", err)
			return 1
		}
		return 0
	}
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := newFlagSet(&o, stderr)
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	fs.Visit(func(f *flag.Flag) { o.upnpSet = o.upnpSet || f.Name == "upnp" })
	switch {
	case o.check && fs.NArg() == 1:
		o.checkDir = fs.Arg(0)
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q (see --help)", fs.Arg(0))
	}
	return o, o.validate()
}

// newFlagSet is the command line's flags, each bound to its field of o.
// docs/OPERATIONS.md has a row for every one of them.
func newFlagSet(o *options, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("duskfall", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage.Text)
		fs.PrintDefaults()
	}
	fs.BoolVar(&o.server, "server", false, "run a dedicated server without a window")
	fs.BoolVar(&o.host, "host", false, "open the window and host a game (Host and play)")
	fs.StringVar(&o.join, "join", "", "`HOST:PORT` or join code (HOST:PORT/FINGERPRINT) of a game to join (window or --bot)")
	fs.IntVar(&o.bots, "bot", 0, "run `N` headless bots against --join")
	fs.DurationVar(&o.duration, "duration", 0, "how long bots play, or how long --server runs (0: until interrupted; bots default to 30s)")
	fs.StringVar(&o.script, "script", bots.ScriptWander, fmt.Sprintf("bot script: one of %v", bots.Scripts()))
	fs.DurationVar(&o.leaveAfter, "leave-after", 0, "with --bot: hold ESCAPE from this time on, channelling out of a dungeon (0: never)")
	fs.StringVar(&o.bind, "bind", "", "with --server: listen on this address only (127.0.0.1 for a private test); every interface by default")
	fs.DurationVar(&o.idleKick, "idle-kick", 15*time.Second, "with --server: disconnect a player who sends nothing this long (0: never)")
	fs.BoolVar(&o.upnp, "upnp", false, "open the port on the home router by UPnP or NAT-PMP, so friends outside the network can join: with --server when given; Host and play does unless the main menu's Router switch is off, and --upnp=false turns it off for this run")
	fs.BoolVar(&o.announce, "announce", false, "with --server: announce the game on the local network, so Join screens there list it (Host and play always does)")
	fs.IntVar(&o.descend, "descend", 0, "with --bot --script dungeon: after each boss take the way down, until this many floors below the first")
	fs.IntVar(&o.clears, "clears", 0, "with --bot --script dungeon: clear this many dungeons, then stand in the hub; the run ends when every bot has (0: play on)")
	fs.IntVar(&o.portal, "portal", 0, "with --bot --script dungeon: take the hub's portal `N` (0 the first; wraps around), so bots spread over dungeons")
	fs.StringVar(&o.name, "name", "", "player name (bots: the name prefix)")
	fs.StringVar(&o.class, "class", "", "with --bot, --host or --join: the class `ID` a character made on the way in gets (levels/classes.toml; default the first)")
	fs.IntVar(&o.port, "port", 7777, "UDP port for --host and --server")
	fs.StringVar(&o.statusFile, "status-file", "", "with --server or --host: rewrite this JSON status `file` once a second")
	fs.StringVar(&o.metrics, "metrics", "", "with --server or --host: serve Prometheus metrics (/metrics) and health checks (/healthz, /readyz) over HTTP on this `HOST:PORT`, such as 127.0.0.1:9777 (docs/OPERATIONS.md)")
	fs.StringVar(&o.journal, "item-journal", "", "with --server: append every item move to this `file`, one JSON object a line")
	fs.IntVar(&o.perAddr, "per-address", transport.DefaultConfig().DuplicatePeers, "with --server: how many connections one IP address may hold (players behind one router share one; so do bots on one machine)")
	fs.StringVar(&o.dataDir, "data", "", "with --server: the `folder` accounts and characters are kept in (default: the user's data directory, which Host and play uses too)")
	fs.DurationVar(&o.backup, "backup-every", server.DefaultBackupEvery, "with --server: copy the character store to characters.db.bak beside it as the server starts and this often (0: never)")
	fs.Uint64Var(&o.seed, "seed", 0, "world `seed` for --server and Host and play; 0 (the default): a new world each time, its seed logged as \"world seed 0x…\" to play it again")
	fs.StringVar(&o.startMap, "map", "hub", "with --server: the map players start in (hub, arena, boss_hall)")
	fs.StringVar(&o.enter, "enter", "", "with --server: send every character on into this dungeon kind (proving_grounds, catacombs, sunken_keep, star_vault) as it enters play, for testing and screenshots")
	fs.BoolVar(&o.doomed, "enter-doomed", false, "with --server: characters arrive in a dungeon with 1 health in sight of its nearest hostile enemy, for testing and screenshots of a death")
	fs.IntVar(&o.levels, "enter-levels", 0, "with --server: raise every character `N` levels as it enters play, owing an upgrade choice for each, for testing and screenshots of the keeper")
	fs.StringVar(&o.items, "enter-items", "", "with --server: put these `ITEMS` (item ids of levels/items.toml, comma-separated) in every character's bag as it enters play, for testing and screenshots of what the window says of them")
	fs.IntVar(&o.maxPlayers, "max-players", server.DefaultMaxPlayers, "with --server: how many players may be in the game at once")
	fs.IntVar(&o.newPerAddr, "new-accounts-per-address", server.DefaultNewAccountsPerAddress, "with --server: how many new accounts one IP address may make in an hour (0: none but from this machine; returning players are never limited)")
	fs.IntVar(&o.maxAccts, "max-accounts", server.DefaultMaxAccounts, "with --server: the most accounts the server keeps (accounts that never made a character expire after a day)")
	fs.StringVar(&o.password, "password", "", "with --server: players must give this `password` to join (the Join screen has a field for it); wrong ones are paced per address. With --bot: the password the bots give")
	fs.StringVar(&o.contentDir, "content", "", contentHelp)
	fs.BoolVar(&o.check, "check-content", false, "validate the content folder named after the flags (the built-in content when none is), print a JSON summary and exit")
	return fs
}

func (o *options) validate() error {
	modes := 0
	for _, on := range []bool{o.server, o.host, o.bots > 0, o.join != "" && o.bots == 0} {
		if on {
			modes++
		}
	}
	switch {
	case modes > 1:
		return errors.New("choose one of --server, --host, --join and --bot")
	case o.port < 0 || o.port > 65535:
		return fmt.Errorf("--port %d is not a port number (1-65535, or 0 for any free port)", o.port)
	case o.bots < 0:
		return fmt.Errorf("--bot %d: the number of bots must be positive", o.bots)
	case o.bots > 0 && o.join == "":
		return errors.New("--bot needs --join HOST:PORT")
	case o.duration < 0:
		return fmt.Errorf("--duration %s must not be negative", o.duration)
	case o.leaveAfter < 0:
		return fmt.Errorf("--leave-after %s must not be negative", o.leaveAfter)
	case o.idleKick < 0:
		return fmt.Errorf("--idle-kick %s must not be negative", o.idleKick)
	case o.backup < 0:
		return fmt.Errorf("--backup-every %s must not be negative (0 turns backups off)", o.backup)
	case o.bind != "" && net.ParseIP(o.bind) == nil:
		return fmt.Errorf("--bind %q is not an IP address of this computer", o.bind)
	case o.portal < 0:
		return fmt.Errorf("--portal %d must not be negative", o.portal)
	case o.descend < 0 || o.descend >= game.MaxDepth:
		return fmt.Errorf("--descend %d must be 0 to %d", o.descend, game.MaxDepth-1)
	case o.clears < 0:
		return fmt.Errorf("--clears %d must be 0 or more", o.clears)
	case o.perAddr < 1 || o.perAddr > transport.MaxDuplicatePeers:
		return fmt.Errorf("--per-address %d: want 1 to %d", o.perAddr, transport.MaxDuplicatePeers)
	case o.metrics != "" && !o.server && !o.host:
		return errors.New("--metrics is for --server and --host")
	case o.statusFile != "" && !o.server && !o.host:
		return errors.New("--status-file is for --server and --host")
	case o.metrics != "" && !isListenAddr(o.metrics):
		return fmt.Errorf("--metrics %q: want HOST:PORT or :PORT, such as 127.0.0.1:9777", o.metrics)
	case o.journal != "" && !o.server:
		return errors.New("--item-journal is for --server")
	case o.enter != "" && !o.server:
		return errors.New("--enter is for --server")
	case o.doomed && !o.server:
		return errors.New("--enter-doomed is for --server")
	case o.levels != 0 && !o.server:
		return errors.New("--enter-levels is for --server")
	case o.levels < 0 || o.levels > game.MaxLevel-1:
		return fmt.Errorf("--enter-levels %d: want 0 to %d", o.levels, game.MaxLevel-1)
	case o.items != "" && !o.server:
		return errors.New("--enter-items is for --server")
	case o.password != "" && !o.server && o.bots == 0:
		return errors.New("--password is for --server and --bot (Host and play sets its password on the main menu)")
	case len(o.password) > wire.MaxPasswordLen:
		return fmt.Errorf("--password: at most %d bytes", wire.MaxPasswordLen)
	case o.maxPlayers < 1 || o.maxPlayers > server.MaxPlayersLimit:
		return fmt.Errorf("--max-players %d: want 1 to %d", o.maxPlayers, server.MaxPlayersLimit)
	case o.newPerAddr < 0 || o.newPerAddr > server.MaxAccountsLimit:
		return fmt.Errorf("--new-accounts-per-address %d: want 0 (no new accounts over the network) to %d", o.newPerAddr, server.MaxAccountsLimit)
	case o.maxAccts < 1 || o.maxAccts > server.MaxAccountsLimit:
		return fmt.Errorf("--max-accounts %d: want 1 to %d", o.maxAccts, server.MaxAccountsLimit)
	}
	if o.join != "" {
		if _, err := seal.ParseTarget(o.join); err != nil {
			return fmt.Errorf("--join %q: %v", o.join, err)
		}
	}
	if o.bots > 0 {
		if o.duration == 0 {
			o.duration = 30 * time.Second
		}
		if err := bots.CheckScript(o.script); err != nil {
			return err
		}
		if err := bots.CheckNames(o.botPrefix(), o.bots); err != nil {
			return fmt.Errorf("--name %q: %v", o.botPrefix(), err)
		}
	}
	if o.check {
		if o.checkDir == "" {
			o.checkDir = o.contentDir // --check-content --content DIR checks DIR
		}
		return nil // checkContent says what is wrong, file by file
	}
	var err error
	if o.content, err = loadContent(o.contentDir); err != nil {
		return err
	}
	return checkClass(o.content.Content, o.class)
}

// contentHelp is --content's line in --help.
const contentHelp = "play the content `folder` DIR (a changed copy of the game's levels/*.toml) instead of the built-in content: " +
	"with --server, --host, --join and --bot. A server refuses players whose content differs, so friends start with the same folder"

// loadContent loads --content DIR, or the built-in content without it,
// through the loader and checks --check-content uses: an error names the
// file and the key.
func loadContent(dir string) (*levels.Pack, error) {
	if dir == "" {
		return levels.Builtin()
	}
	p, err := levels.LoadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("--content %s: %w", dir, err)
	}
	return p, nil
}

// isListenAddr says whether addr is HOST:PORT (HOST may be empty: every
// interface) with a port number.
func isListenAddr(addr string) bool {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	p, err := strconv.Atoi(port)
	return err == nil && p >= 0 && p <= 65535
}

// signalContext ends at the first SIGINT or SIGTERM. Its stop must run
// after every deferred cleanup (the port mapping's removal, the journal,
// the store): until then a second signal is caught rather than killing
// the process halfway through them, and one often comes at once, since
// timeout(1) sends its signal to the process and again to its group.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func runServer(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	lg := log.New(stderr, "server: ", log.LstdFlags|log.Lmicroseconds)
	ctx, stop := signalContext() // first, so it stops last (see signalContext)
	defer stop()
	cfg, err := server.ConfigFor(o.content, o.startMap, worldSeed(o.seed))
	if err != nil {
		lg.Print(err)
		return 1
	}
	lg.Print(contentWords(o.content))
	cfg.StatusFile, cfg.Log, cfg.MaxPlayers, cfg.Enter = o.statusFile, lg, o.maxPlayers, o.enter
	cfg.EnterDoomed, cfg.EnterLevels, cfg.Password = o.doomed, o.levels, o.password
	if o.items != "" {
		cfg.EnterItems = strings.Split(o.items, ",")
	}
	cfg.NewAccountsPerAddress, cfg.MaxAccounts = o.newPerAddr, o.maxAccts
	if o.newPerAddr == 0 {
		cfg.NewAccountsPerAddress = -1 // --new-accounts-per-address 0: none
	}
	cfg.BackupEvery = o.backup
	if o.backup == 0 {
		cfg.BackupEvery = -1 // --backup-every 0: never
	}
	dataDir, err := dataFolder(o.dataDir)
	if err != nil {
		lg.Print(err)
		return 1
	}
	if cfg.Store, err = server.OpenStore(dataDir); err != nil {
		lg.Print(err)
		return 1
	}
	identity, err := server.LoadIdentity(dataDir) // after the store: a refused store leaves its folder as it was
	if err != nil {
		cfg.Store.Close()
		lg.Print(err)
		return 1
	}
	if o.journal != "" {
		j, err := server.OpenJournalFile(o.journal)
		if err != nil {
			lg.Print(err)
			return 1
		}
		defer closeJournal(j, lg) // after Run: the shutdown journals what it takes out of play
		cfg.ItemJournal = j.Record
	}
	cfg.IdleTimeoutTicks = int(o.idleKick * game.TickRate / time.Second)
	if o.idleKick == 0 {
		cfg.IdleTimeoutTicks = -1 // --idle-kick 0: never
	}
	addr := net.JoinHostPort(o.bind, strconv.Itoa(o.port))
	tr, err := transport.ListenENet(addr, cfg.Network(transport.Config{DuplicatePeers: o.perAddr, Identity: &identity}))
	if err != nil {
		lg.Print(listen.PortError(addr, err))
		return 1
	}
	if o.announce {
		if an := announce(o, cfg.MaxPlayers, identity, lg); an != nil {
			defer an.Close()
			cfg.OnStatus = func(st server.Status) { an.Set(gameAnnouncement(o, cfg.MaxPlayers, st.Players, identity)) }
		}
	}
	if o.upnp {
		m := mapPort(tr.Addr(), identity, lg)
		defer m.Close() // after Run: the mapping goes as the server stops
		cfg.PortMap = m.Status
	}
	srv, err := server.New(cfg, tr)
	if err != nil {
		lg.Print(err)
		return 1
	}
	if o.metrics != "" {
		web, err := opsweb.Listen(o.metrics, srv, opsweb.Config{}, lg.Printf)
		if err != nil {
			lg.Printf("--metrics: %v", err)
			srv.Shutdown("the server could not start")
			return 1
		}
		defer web.Close() // after Run: the probes read "stopping" while it says goodbye
		lg.Printf("metrics on http://%s/metrics, health checks on /healthz and /readyz", web.Addr())
	}
	if o.duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.duration)
		defer cancel()
	}
	lg.Printf("listening on %s", tr.Addr())
	lg.Printf("identity %s: friends join by the code %s", identity.Fingerprint(), serverJoinCode(tr.Addr(), identity))
	// The operator's console: commands on stdin, one answer a line on
	// stdout. Input that ends (none, or not a terminal) ends the console
	// only.
	console := server.NewConsole(stdout)
	go console.Run(ctx, stdin, srv.Commands())
	if err := srv.Run(ctx); err != nil {
		lg.Print(err)
		return 1
	}
	console.Flush(time.Second)
	lg.Printf("stopped at tick %d", srv.Tick())
	return 0
}

// mapPort opens the server's port on the home router (--upnp), off the
// server's loop, and logs the join code friends anywhere use once it is
// open.
func mapPort(addr string, identity seal.Identity, lg *log.Logger) *portmap.Mapper {
	_, port, _ := net.SplitHostPort(addr)
	p, _ := strconv.Atoi(port)
	return portmap.Start(portmap.Config{Port: uint16(p), Description: "Duskfall server", Logf: lg.Printf,
		OnChange: func(st portmap.Status) {
			if st.State == portmap.Open {
				lg.Printf("friends anywhere join by the code %s", serverJoinCode(st.External.String(), identity))
			}
		}})
}

// closeJournal writes out the item journal and says what went wrong: a
// journal with dropped moves is one an audit cannot trust.
func closeJournal(j *server.JournalFile, lg *log.Logger) {
	if err := j.Close(5 * time.Second); err != nil {
		lg.Print(err)
	}
	if n := j.Dropped(); n > 0 {
		lg.Printf("item journal: %d moves dropped because its writer was behind", n)
	}
}

// serverJoinCode is the join code of a server bound to addr; HOST stands
// for this machine's public name when it listens on every address.
func serverJoinCode(addr string, id seal.Identity) string {
	host, port, err := net.SplitHostPort(addr)
	if err == nil {
		if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
			addr = net.JoinHostPort("HOST", port)
		}
	}
	return seal.JoinCode(addr, id.Public)
}

// dataFolder is --data, or the default data folder.
func dataFolder(dir string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	return server.DefaultDataDir()
}

// botPrefix is what the bots' names start with: --name, or "bot".
func (o options) botPrefix() string {
	if o.name == "" {
		return "bot"
	}
	return o.name
}

func runBots(o options, stdout, stderr io.Writer) int {
	ctx, stop := signalContext()
	defer stop()
	reports, err := bots.RunBotsWith(ctx, o.join, o.bots, o.script, o.botPrefix(), o.duration,
		bots.Options{LeaveAfter: o.leaveAfter, Descend: o.descend, Clears: o.clears, Portal: o.portal, Class: o.class, Password: o.password,
			Content: o.content.Content})
	if err != nil {
		fmt.Fprintf(stderr, "duskfall: %v\n", err)
		return 1
	}
	enc := json.NewEncoder(stdout)
	failed := 0
	for _, r := range reports {
		enc.Encode(r)
		if r.Failed() {
			failed++
		}
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "duskfall: %d of %d bots failed\n", failed, len(reports))
		return 1
	}
	return 0
}

// announce starts announcing a dedicated server on the local network
// (--announce), or says why it cannot.
func announce(o options, maxPlayers int, id seal.Identity, lg *log.Logger) *lan.Announcer {
	an, err := lan.Announce(gameAnnouncement(o, maxPlayers, 0, id))
	if err != nil {
		lg.Printf("cannot announce the game on the local network: %v", err)
		return nil
	}
	lg.Printf("announcing the game on the local network (UDP port %d)", lan.DiscoveryPort)
	return an
}

// gameAnnouncement is what --announce says: the port, the players, the
// identity's fingerprint and the name (--name, or the computer's).
func gameAnnouncement(o options, maxPlayers, players int, id seal.Identity) lan.Announcement {
	if maxPlayers == 0 {
		maxPlayers = server.DefaultMaxPlayers
	}
	name := o.name
	if name == "" {
		if h, err := os.Hostname(); err == nil {
			name = h
		}
	}
	return lan.Announcement{Port: uint16(o.port), Players: uint8(min(players, 255)), MaxPlayers: uint8(min(maxPlayers, 255)),
		Fingerprint: id.Fingerprint(), Name: name}
}

// contentWords says what a server plays, for its log: the folder and the
// hash a refused player reads.
func contentWords(p *levels.Pack) string {
	return fmt.Sprintf("playing the %s content (hash %s)", p.Source, levels.ShortHash(p.Content.Hash))
}

// checkClass says whether id names a class of content c ("" is the
// first).
func checkClass(c *game.Content, id string) error {
	if id == "" {
		return nil
	}
	if _, ok := levels.ClassIndex(c, id); ok {
		return nil
	}
	ids := make([]string, len(c.Classes))
	for i := range c.Classes {
		ids[i] = c.Classes[i].ID
	}
	return fmt.Errorf("unknown class %q (known: %v)", id, ids)
}
