// pinhive-ferretdb: FerretDB v1 (MongoDB wire protocol) embedded with its SQLite backend,
// so dev/test machines without Docker or MongoDB get a real mongo-compatible server.
// Built and launched by infra/native/install.mjs and infra/native/infra.mjs.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	data := flag.String("data", "data/ferretdb", "directory for the SQLite database files")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error (info logs every connection)")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail("bad -log-level: %v", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{Level: level}))

	// FerretDB wants an existing directory, as a "file:" URI ending with a slash.
	dir, err := filepath.Abs(*data)
	if err != nil {
		fail("bad -data: %v", err)
	}
	if err = os.MkdirAll(dir, 0o755); err != nil {
		fail("cannot create %s: %v", dir, err)
	}
	sqliteURL := "file:" + (&url.URL{Path: dir}).EscapedPath() + "/"

	// FerretDB itself listens on a private Unix socket; clients reach it through our TCP front,
	// which serializes write commands (see writelock.go).
	socket := filepath.Join(os.TempDir(), fmt.Sprintf("pinhive-ferretdb-%d.sock", os.Getpid()))
	_ = os.Remove(socket)
	front, err := net.Listen("tcp", *listen)
	if err != nil {
		fail("cannot listen on %s: %v", *listen, err)
	}

	// New binds the socket; requests are served once Run is called.
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{Unix: socket},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: sqliteURL,
	})
	if err != nil {
		fail("%v", err)
	}

	// SIGTERM/SIGINT cancel the context: Run stops accepting, waits for connections, closes SQLite.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	go serveFront(front, socket, logger)
	go func() { <-ctx.Done(); front.Close() }()

	fmt.Printf("pinhive-ferretdb listening on %s (data %s)\n", *listen, dir)
	if err = f.Run(ctx); err != nil {
		fail("%v", err)
	}
	fmt.Println("pinhive-ferretdb stopped")
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "pinhive-ferretdb: "+format+"\n", args...)
	os.Exit(1)
}
