package main

import (
	"encoding/binary"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"testing"
	"time"
)

// When FerretDB drops a connection without answering (it panics on some commands, e.g. two
// createIndexes of a fresh database at once), the client must see its connection close: it
// then fails the command and retries. Before, the front kept the client's side open and the
// client waited for the answer for good.
func TestClientSeesTheBackendHangUp(t *testing.T) {
	socket := filepath.Join(t.TempDir(), "backend.sock")
	backend, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	defer backend.Close()
	go func() { // reads one message, then hangs up without a reply
		conn, err := backend.Accept()
		if err != nil {
			return
		}
		_, _ = readMessage(conn)
		conn.Close()
	}()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	fr := &front{backend: socket, logger: slog.New(slog.NewTextHandler(io.Discard, nil)), lock: func(*command) func() { return nil }}
	go fr.serve(ln)

	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	// A wire message: length, request id, response to, op code, then a body the front passes on.
	msg := make([]byte, 16+4)
	binary.LittleEndian.PutUint32(msg[0:4], uint32(len(msg)))
	binary.LittleEndian.PutUint32(msg[4:8], 1)
	binary.LittleEndian.PutUint32(msg[12:16], 2013)
	if _, err := client.Write(msg); err != nil {
		t.Fatal(err)
	}
	_ = client.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err = client.Read(make([]byte, 1))
	if err == nil {
		t.Fatal("the client got a reply the backend never sent")
	}
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the client's connection stayed open after the backend hung up: it would wait for good")
	}
}
