// pinhive-ferretdb: FerretDB v1.24 (MongoDB wire protocol) embedded as a library, so machines
// without Docker or MongoDB get a real mongo-compatible server. Built and launched by
// infra/native/install.mjs and infra/native/infra.mjs.
//
// Shape:
//
//	clients --TCP--> front (writelock.go) --Unix socket--> FerretDB --> PostgreSQL (or SQLite)
//	                   |                                               ^
//	                   +--> companion GIN indexes (companion.go) ------+
//
// Why each piece:
//   - Backend: PostgreSQL by default (-handler postgresql -postgresql-url ...). FerretDB 1.24
//     pushes top-level equality filters down to PostgreSQL as `_jsonb -> 'f' @> value`; on
//     SQLite only an exact `{_id}` filter is pushed, so every other lookup decodes the whole
//     collection in Go. `-handler sqlite -data <dir>` is kept only to open an old dev data
//     folder for a one-time copy.
//   - Front: FerretDB listens on a private Unix socket; clients reach it through our TCP front,
//     which serialises write commands per document, or per collection when their filter is
//     not a plain `_id` (FerretDB's updates are read-modify-write and lose concurrent updates
//     otherwise; see writelock.go, doclock.go and docs/decisions/ferretdb-concurrent-updates.md).
//   - Companion indexes (postgresql only): the btree indexes FerretDB creates for createIndexes
//     cannot serve `@>`, so every lookup would be a sequential scan. We keep a GIN
//     jsonb_path_ops index next to `_id` and next to each FerretDB index on top-level fields;
//     FerretDB's non-unique btree indexes, which no query uses, become empty stand-ins.
//   - Statistics (postgresql only): a collection that grew by a burst of inserts is analysed at
//     once (analyze.go), not a minute later by autovacuum.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof" // served only with -pprof
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	handler := flag.String("handler", "postgresql", "backend: postgresql or sqlite")
	pgURL := flag.String("postgresql-url", "", "PostgreSQL URL, e.g. postgres://user:pw@127.0.0.1:5432/ferretdb (postgresql handler)")
	data := flag.String("data", "data/ferretdb", "directory of the SQLite database files (sqlite handler only)")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error (info logs every connection and companion index)")
	pprofAddr := flag.String("pprof", "", "loopback address for Go's profiler (net/http/pprof), e.g. 127.0.0.1:6060; off when empty")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail("bad -log-level: %v", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{Level: level}))

	set := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { set[f.Name] = true })

	config := &ferretdb.Config{Logger: logger, Handler: *handler}
	var where string // for the start line
	switch *handler {
	case "postgresql":
		if *pgURL == "" {
			fail("-postgresql-url is required with -handler postgresql")
		}
		if set["data"] {
			fail("-data is only for -handler sqlite")
		}
		config.PostgreSQLURL = *pgURL
		where = "postgresql " + redact(*pgURL)
	case "sqlite":
		if set["postgresql-url"] {
			fail("-postgresql-url is only for -handler postgresql")
		}
		// FerretDB wants an existing directory, as a "file:" URI ending with a slash.
		dir, err := filepath.Abs(*data)
		if err != nil {
			fail("bad -data: %v", err)
		}
		if err = os.MkdirAll(dir, 0o755); err != nil {
			fail("cannot create %s: %v", dir, err)
		}
		config.SQLiteURL = "file:" + (&url.URL{Path: dir}).EscapedPath() + "/"
		where = "sqlite " + dir
	default:
		fail("bad -handler %q: want postgresql or sqlite", *handler)
	}

	// FerretDB allocates for every document it decodes and encodes: at Go's default (GOGC=100)
	// the collector took about a seventh of the process's CPU under the save benchmark, with a
	// live heap of a few tens of MB. A collection every 4x growth instead, under a soft limit of
	// 4 GiB (both as GOGC / GOMEMLIMIT say when they are set). Not lower: a read of every document
	// of a large collection (the feed benchmark's count of 500,000 entries) holds more than 1 GiB
	// live, and with a limit below that the collector runs without pause (at 512 MiB that count
	// took minutes instead of about one).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(4 << 30)
	}

	if *pprofAddr != "" {
		// For profiling the store's CPU per command under a benchmark's load (docs/decisions).
		go func() { logger.Warn("pprof stopped", "err", http.ListenAndServe(*pprofAddr, nil)) }()
	}

	// SIGTERM/SIGINT cancel the context: Run stops accepting, waits for connections, closes
	// the backend.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	// FerretDB itself listens on a private Unix socket; clients reach it through our TCP front.
	socket := filepath.Join(os.TempDir(), fmt.Sprintf("pinhive-ferretdb-%d.sock", os.Getpid()))
	_ = os.Remove(socket)
	config.Listener = ferretdb.ListenerConfig{Unix: socket}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fail("cannot listen on %s: %v", *listen, err)
	}

	// New binds the socket; requests are served once Run is called.
	f, err := ferretdb.New(config)
	if err != nil {
		fail("%v", err)
	}

	fr := &front{backend: socket, logger: logger, lock: withWriteSlots(newWriteLocks(true).lock, maxWrites)}
	if *handler == "postgresql" {
		if fr.companions, err = newCompanions(ctx, *pgURL, logger); err != nil {
			fail("%v", err)
		}
		defer fr.companions.close()
		fr.analyzer = newAnalyzer(fr.companions, logger)
		go fr.companions.syncAll() // existing data; errors are logged and retried per collection
	}

	go fr.serve(ln)
	go func() { <-ctx.Done(); ln.Close() }()

	fmt.Printf("pinhive-ferretdb listening on %s (%s)\n", *listen, where)
	if err = f.Run(ctx); err != nil {
		fail("%v", err)
	}
	fmt.Println("pinhive-ferretdb stopped")
}

// redact hides a password in the start line.
func redact(u string) string {
	if p, err := url.Parse(u); err == nil {
		return p.Redacted()
	}
	return "(unparsable URL)"
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "pinhive-ferretdb: "+format+"\n", args...)
	os.Exit(1)
}
